import { Dialog as RadixDialog } from "radix-ui";
import { useEffect, useRef, type ReactNode } from "react";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/** Modal with a title, focus trap and Escape to close (Radix). */
export function DialogContent({
  title,
  description,
  children,
  className,
  container,
  onCloseAutoFocus,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where the dialog is put (default, and for null: the body). Over a full-screen element, that element: nothing else shows. */
  container?: HTMLElement | null;
  /** Where focus goes once the dialog has closed (Radix's own: back to what opened it, unless this prevents it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // Radix gives Escape to the newest layer, and a toast is one: after a save's toast ("Settings saved") the first
  // Escape would close only the toast and leave the modal dialog open, the page inert behind it. An Escape from
  // inside the dialog that no layer took (a menu or select that closes itself on Escape takes it) closes the dialog.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || event.isComposing) return;
      const own = content.current;
      if (!own || !(event.target instanceof Node)) return;
      // Focus may have fallen to the body (the Save button is disabled while it saves): then the newest open dialog.
      const dialogs = document.querySelectorAll('[role="dialog"][data-state="open"]');
      const fromBody = event.target === document.body && dialogs[dialogs.length - 1] === own;
      if (own.contains(event.target) || fromBody) close.current?.click();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <RadixDialog.Portal container={container ?? undefined}>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
      <RadixDialog.Content
        ref={content}
        onCloseAutoFocus={onCloseAutoFocus}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl",
          className,
        )}
      >
        <RadixDialog.Title className="pr-8 text-xl font-bold">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
        ) : (
          <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
        )}
        <div className="mt-4">{children}</div>
        <RadixDialog.Close ref={close} className="absolute right-4 top-4 rounded-md p-1 text-muted hover:text-fg" aria-label="Close">
          <X className="h-5 w-5" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
