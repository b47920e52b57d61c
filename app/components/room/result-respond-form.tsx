import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Check, Flag } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FieldMessage, Label, Textarea } from "~/components/ui/field";
import { fieldError, submittedValue, type ActionResult } from "~/lib/forms";

/** A player's answer to the recorded result: Confirm, or Dispute with an optional reason for the host. */
export function ResultRespondForm() {
  const result = useActionData<ActionResult>();
  const busy = useNavigation().formData?.get("intent") === "respond_result";
  const reasonError = fieldError(result, "reason");
  return (
    <Form method="post" className="mt-4 grid gap-3" aria-label="Answer the result">
      <input type="hidden" name="intent" value="respond_result" />
      <p className="text-sm">Is this how the game ended?</p>
      <div>
        <Label htmlFor="result-reason">If not, what happened? (optional, sent to the host with a dispute)</Label>
        <Textarea
          id="result-reason"
          name="reason"
          maxLength={300}
          className="min-h-16"
          defaultValue={submittedValue(result, "reason") ?? ""}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? "result-reason-error" : undefined}
        />
        <FieldMessage id="result-reason-error">{reasonError}</FieldMessage>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="response" value="confirm" disabled={busy}>
          <Check className="h-4 w-4" aria-hidden="true" /> Confirm
        </Button>
        <Button type="submit" name="response" value="dispute" variant="outline" disabled={busy}>
          <Flag className="h-4 w-4" aria-hidden="true" /> Dispute
        </Button>
      </div>
    </Form>
  );
}
