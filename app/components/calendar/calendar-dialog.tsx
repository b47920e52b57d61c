import { Form, useSearchParams, useSubmit } from "@remix-run/react";
import { useCallback, useId, useSyncExternalStore, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { withoutDialogs } from "./calendar-url";

/**
 * A GET form over the current page that opens the dialog named by `open` (or
 * closes any): it works without JavaScript; with it, Remix navigates without
 * reloading the lists (the route's shouldRevalidate). Buttons elsewhere submit
 * it through their `form` attribute.
 */
export function DialogParamsForm({ id, open = {}, children }: { id?: string; open?: Record<string, string>; children?: ReactNode }) {
  const [searchParams] = useSearchParams();
  const fields = [...withoutDialogs(searchParams), ...Object.entries(open)];
  return (
    <Form id={id} method="get" replace preventScrollReset className="contents">
      {fields.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** A button that opens (`open`) or closes one of the calendar's dialogs. */
export function DialogButton({ open, children, ...props }: { open?: Record<string, string> } & Omit<ButtonProps, "type">) {
  return (
    <DialogParamsForm open={open}>
      <Button type="submit" {...props}>
        {children}
      </Button>
    </DialogParamsForm>
  );
}

/** Closes the open dialog (Escape, the overlay, the close button) the same way. */
export function useCloseDialog() {
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  return useCallback(
    () => submit(withoutDialogs(searchParams), { method: "get", replace: true, preventScrollReset: true }),
    [searchParams, submit],
  );
}

const noSubscription = () => () => {};
/**
 * False on the server and while hydrating, true once React runs in the browser:
 * dialogs render in place until then (a portal renders nothing on the server).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * One of the calendar's dialogs, open while its URL parameter is: a modal
 * (focus trap, Escape) once hydrated, a section at the top of the page before
 * that and without JavaScript.
 */
export function CalendarDialog({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const close = useCloseDialog();
  const headingId = useId();
  if (hydrated) {
    return (
      <Dialog open onOpenChange={(open) => !open && close()}>
        <DialogContent title={title} description={description}>
          {children}
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Card className="mb-6" aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <div className="mt-4">{children}</div>
    </Card>
  );
}
