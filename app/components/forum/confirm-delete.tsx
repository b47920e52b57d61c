import { useFetcher } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { useResultToast, type ActionResult } from "~/lib/forms";

/**
 * A Delete button that asks first (authors deleting their own post or reply).
 * The confirmation posts `fields` to the page's action; a failure keeps the
 * dialog open and toasts why.
 */
export function ConfirmDelete({ what, fields }: { what: "post" | "reply"; fields: Record<string, string> }) {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  useResultToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Delete ${what}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent title={`Delete this ${what}?`} description="This action cannot be undone.">
        <fetcher.Form method="post" preventScrollReset className="flex justify-end gap-2">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
            Delete
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
