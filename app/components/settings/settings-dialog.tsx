import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { ShellMember } from "../../../workers/domain/shell";

/** Settings dialog (spec 000 §2). The four tabs land with the member-home issue. */
export default function SettingsDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: ShellMember;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Settings" description={user.email}>
        <p className="text-sm text-muted">Settings are not available yet.</p>
      </DialogContent>
    </Dialog>
  );
}
