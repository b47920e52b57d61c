import { lazy, Suspense } from "react";
import type { ShellMember } from "../../../workers/domain/shell";

// The settings dialog is only downloaded when a member opens it (from the account menu or the phone menu).
const SettingsDialog = lazy(() => import("~/components/settings/settings-dialog"));

export function LazySettingsDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: ShellMember;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog open={open} onOpenChange={onOpenChange} user={user} />
    </Suspense>
  );
}
