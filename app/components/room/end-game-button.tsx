import { useState } from "react";
import { Flag } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/components/ui/dialog";

/**
 * The host's "End game": asks first, then `onEnd` sends the room's `end_game` frame. The room answers everyone
 * (this page too) with `room_ended`, which is what the page shows: nothing is assumed here.
 */
export function EndGameButton({ disabled, onEnd }: { disabled: boolean; onEnd: () => boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          <Flag className="h-4 w-4" aria-hidden="true" /> End game
        </Button>
      </DialogTrigger>
      <DialogContent
        title="End the game for everyone?"
        description="Every player and spectator leaves the table, and the room closes. This cannot be undone."
      >
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              if (onEnd()) setOpen(false);
            }}
          >
            End game
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
