import { Avatar } from "radix-ui";
import { cn } from "~/lib/cn";

type AvatarPerson = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
};

/** Spec 000 §2: initials of first and last name; else the e-mail's first letter; else U. */
export function avatarInitials(person: AvatarPerson | null | undefined): string {
  const first = person?.firstName?.trim();
  const last = person?.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  if (first) return first[0].toUpperCase();
  const email = person?.email?.trim();
  if (email) return email[0].toUpperCase();
  return "U";
}

export function MemberAvatar({ person, className }: { person: AvatarPerson | null | undefined; className?: string }) {
  return (
    <Avatar.Root
      className={cn("inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-primary-foreground", className)}
      data-testid="member-avatar"
    >
      {person?.profileImageUrl ? (
        <Avatar.Image src={person.profileImageUrl} alt="" className="h-full w-full object-cover" />
      ) : null}
      <Avatar.Fallback className="text-sm font-semibold" delayMs={person?.profileImageUrl ? 300 : 0}>
        {avatarInitials(person)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
