import { cn } from "~/lib/cn";
import { memberInitials, type InitialsPerson } from "../../../workers/contract/initials";

/** Who an avatar shows: their picture, else their initials. */
export type AvatarPerson = InitialsPerson & { profileImageUrl?: string | null };

/**
 * A member's picture over their initials. No script: the initials sit underneath, so they show while the
 * picture loads and when it fails (an image with empty alt draws nothing when broken). Plain markup keeps
 * Radix's avatar (and the state it needs) out of the header every page ships.
 */
export function MemberAvatar({ person, className }: { person: AvatarPerson | null | undefined; className?: string }) {
  return (
    <span
      className={cn(
        "relative inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-primary-foreground",
        className,
      )}
      data-testid="member-avatar"
    >
      <span className="text-sm font-semibold" aria-hidden="true">
        {memberInitials(person)}
      </span>
      {person?.profileImageUrl ? (
        <img src={person.profileImageUrl} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
      ) : null}
    </span>
  );
}
