// The avatar button (user-menu.tsx) and its lazily loaded account menu draw the same face, so the menu's chunk does not import it.
import type { ShellMember } from "../../../workers/domain/shell";
import { MemberAvatar } from "./member-avatar";

export const userMenuTriggerClass = "rounded-full";

/** The member's avatar in the header, named for screen readers. */
export function UserMenuFace({ user }: { user: ShellMember }) {
  return (
    <>
      <span aria-hidden="true">
        <MemberAvatar person={user} />
      </span>
      <span className="sr-only">Account menu</span>
    </>
  );
}
