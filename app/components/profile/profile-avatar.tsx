import { Avatar } from "radix-ui";
import type { AvatarPerson } from "~/components/shell/member-avatar";
import { memberInitials } from "../../../workers/contract/initials";
import { cn } from "~/lib/cn";

type Person = AvatarPerson | null | undefined;

/**
 * A large avatar for page content (profile header, dashboards) with the same
 * fallback as the header's; the header keeps the one `member-avatar`.
 */
export function ProfileAvatar({ person, className }: { person: Person; className?: string }) {
  return (
    <Avatar.Root
      className={cn(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-semibold text-primary-foreground",
        className,
      )}
      data-testid="profile-avatar"
    >
      {person?.profileImageUrl ? <Avatar.Image src={person.profileImageUrl} alt="" className="h-full w-full object-cover" /> : null}
      {/* Without a delay the initials are in the server's HTML too (Radix renders a delayed fallback only after hydration). */}
      <Avatar.Fallback delayMs={person?.profileImageUrl ? 300 : undefined}>{memberInitials(person)}</Avatar.Fallback>
    </Avatar.Root>
  );
}
