import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * The column beside the table at desktop width, its own scroll: the chat stays in view while the page does not move.
 * The chat heads it (the tiles carry each seat's life and turn); on a phone the chat is a sheet over the foot of the
 * screen, opened from the action bar (`chatOpen`). In Theatre (the table full screen) the chat holds its place at the
 * column's top and the panels under it scroll on their own, so new lines and the chat's field never scroll away.
 */
export function SideColumn({ chat, chatOpen, panels }: { chat: ReactNode; chatOpen: boolean; panels: ReactNode }) {
  return (
    <div className="min-w-0 space-y-3 lg:sticky lg:top-2 lg:max-h-[calc(100dvh-1rem)] lg:overflow-y-auto lg:[:fullscreen_&]:flex lg:[:fullscreen_&]:flex-col lg:[:fullscreen_&]:overflow-hidden">
      <div
        id="room-chat"
        className={cn(
          "lg:[:fullscreen_&]:shrink-0",
          chatOpen ? "max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-40 max-lg:rounded-t-2xl max-lg:shadow-2xl" : "max-lg:hidden",
        )}
      >
        {chat}
      </div>
      <div
        className="space-y-3 lg:[:fullscreen_&]:min-h-0 lg:[:fullscreen_&]:flex-1 lg:[:fullscreen_&]:overflow-y-auto"
        data-testid="side-panels"
      >
        {panels}
      </div>
    </div>
  );
}
