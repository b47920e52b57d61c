import { Avatar } from "radix-ui";
import { cn } from "~/lib/cn";
import { avatarInitials, type AvatarPerson } from "./avatar-initials";

export function MemberAvatar({ person, className }: { person: AvatarPerson | null | undefined; className?: string }) {
  return (
    <Avatar.Root
      className={cn(
        "inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-primary-foreground",
        className,
      )}
      data-testid="member-avatar"
    >
      {person?.profileImageUrl ? <Avatar.Image src={person.profileImageUrl} alt="" className="h-full w-full object-cover" /> : null}
      <Avatar.Fallback className="text-sm font-semibold" delayMs={person?.profileImageUrl ? 300 : 0}>
        {avatarInitials(person)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
