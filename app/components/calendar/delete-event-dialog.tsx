import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/forms";
import type { EventDto } from "../../../workers/contract/events";
import { CalendarDialog, DialogParamsForm } from "./calendar-dialog";

/** Spec 001 §5: deleting asks for confirmation first; confirming posts to the calendar's action. */
export function DeleteEventDialog({ event }: { event: EventDto }) {
  const navigation = useNavigation();
  const result = useActionData<ActionResult>();
  const closeForm = useId();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <CalendarDialog title="Delete Event" description="Are you sure you want to delete this event? This action cannot be undone.">
      <p className="font-medium">{event.title}</p>
      {result && !result.ok ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {result.message}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-6 flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={event.id} />
        <Button type="submit" form={closeForm} variant="outline">
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={deleting}>
          Delete
        </Button>
      </Form>
      <DialogParamsForm id={closeForm} />
    </CalendarDialog>
  );
}
