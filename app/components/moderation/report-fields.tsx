import { FieldMessage, Label, Textarea } from "~/components/ui/field";
import { fieldError, submittedValue } from "~/lib/forms";
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from "../../../workers/contract/moderation-options";
import type { ReportTarget } from "./report-target";

/**
 * The report form's fields (the page's form and the dialog's): the item as hidden fields, the reasons as a radio
 * group (a fieldset with its legend: arrow keys move between them, a screen reader names the group) and the note.
 * `result` is the action's answer, for the errors beside the fields.
 */
export function ReportFields({ target, result, idPrefix }: { target: ReportTarget; result: unknown; idPrefix: string }) {
  const reasonError = fieldError(result, "reason");
  const noteError = fieldError(result, "note");
  const chosen = submittedValue(result, "reason");
  return (
    <>
      <input type="hidden" name="kind" value={target.kind} />
      <input type="hidden" name="id" value={target.id} />
      {target.roomId ? <input type="hidden" name="roomId" value={target.roomId} /> : null}
      <fieldset aria-describedby={reasonError ? `${idPrefix}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Why are you reporting it?</legend>
        <div className="grid gap-1">
          {REPORT_REASONS.map((reason, index) => (
            <label key={reason} className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-background">
              <input
                type="radio"
                name="reason"
                value={reason}
                defaultChecked={chosen === reason}
                required={index === 0}
                className="h-4 w-4 accent-current"
              />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </div>
        <FieldMessage id={`${idPrefix}-reason-error`}>{reasonError}</FieldMessage>
      </fieldset>
      <div>
        <Label htmlFor={`${idPrefix}-note`}>Anything moderators should know? (optional)</Label>
        <Textarea
          id={`${idPrefix}-note`}
          name="note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          defaultValue={submittedValue(result, "note")}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${idPrefix}-note-error` : undefined}
        />
        <FieldMessage id={`${idPrefix}-note-error`}>{noteError}</FieldMessage>
      </div>
    </>
  );
}
