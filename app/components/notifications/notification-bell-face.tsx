// The bell (notification-bell.tsx) and its lazily loaded centre draw the same face, so the centre's chunk does not import the bell.
import { SpriteIcon } from "~/components/ui/sprite-icon";

export const bellTriggerClass = "relative rounded-lg p-2 text-fg hover:bg-surface";

export function bellLabel(unread: number) {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

/** The bell and its unread badge. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <SpriteIcon name="bell" className="h-5 w-5" />
      {unread > 0 ? (
        <span
          data-testid="unread-badge"
          className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-bold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </>
  );
}
