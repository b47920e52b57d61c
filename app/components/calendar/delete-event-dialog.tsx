import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { toast } from "~/hooks/use-toast";
import type { EventDto } from "../../../workers/contract/events";
import { errorMessage, eventsClient } from "./events-client";

/** Spec 001 §5: deleting asks for confirmation first. */
export function DeleteEventDialog({ event, onClose, onDeleted }: { event: EventDto | null; onClose: () => void; onDeleted: () => void }) {
  const [deleting, setDeleting] = useState(false);
  async function confirm() {
    if (!event) return;
    setDeleting(true);
    try {
      await eventsClient.remove(event.id);
      toast({ title: "Event deleted successfully!" });
      onDeleted();
      onClose();
    } catch (error) {
      toast({ title: "Failed to delete event", description: errorMessage(error), variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  }
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Delete Event" description="Are you sure you want to delete this event? This action cannot be undone.">
        <p className="font-medium">{event?.title}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={deleting} onClick={confirm}>
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
