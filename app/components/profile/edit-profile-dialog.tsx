import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { NAME_MAX } from "../../../workers/contract/profile-options";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { FieldMessage, Input, Label, NativeSelect } from "~/components/ui/field";
import { useCommunity } from "~/hooks/use-community";
import { fieldError, useResultToast, type ActionFailure } from "~/lib/forms";

type DialogMember = { firstName: string | null; lastName: string | null; primaryCommunity: string | null };

/**
 * Edit Profile dialog (spec 000 §2): first name, last name, primary community;
 * 425 px wide. It posts to /profile's action (intent "update"), which comes back
 * to this page with the toast; the dialog closes once that is done.
 */
export function EditProfileDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: DialogMember;
}) {
  const { communities } = useCommunity();
  const fetcher = useFetcher<ActionFailure>();
  useResultToast(fetcher.data);
  const location = useLocation();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [primaryCommunity, setPrimaryCommunity] = useState("");
  const saving = fetcher.state !== "idle";

  // Opens prefilled from the member each time.
  useEffect(() => {
    if (!open) return;
    setFirstName(user.firstName ?? "");
    setLastName(user.lastName ?? "");
    setPrimaryCommunity(user.primaryCommunity ?? "");
  }, [open, user.firstName, user.lastName, user.primaryCommunity]);

  // A save that went through ends in the redirect back here (no data); a refused one answers its errors.
  const close = useRef(onOpenChange);
  close.current = onOpenChange;
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      submitted.current = true;
      return;
    }
    if (!submitted.current) return;
    submitted.current = false;
    if (!fetcher.data) close.current(false);
  }, [fetcher.state, fetcher.data]);

  const error = (name: string) => fieldError(fetcher.data, name);
  const invalid = (name: string, id: string) =>
    error(name) ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : { "aria-invalid": undefined };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Profile" description="Update your name and primary community." className="max-w-[425px]">
        <fetcher.Form method="post" action="/profile" preventScrollReset className="grid gap-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <div>
            <Label htmlFor="dialog-first-name">First name</Label>
            <Input
              id="dialog-first-name"
              name="firstName"
              required
              maxLength={NAME_MAX}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              {...invalid("firstName", "dialog-first-name")}
            />
            <FieldMessage id="dialog-first-name-error">{error("firstName")}</FieldMessage>
          </div>
          <div>
            <Label htmlFor="dialog-last-name">Last name</Label>
            <Input
              id="dialog-last-name"
              name="lastName"
              maxLength={NAME_MAX}
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              {...invalid("lastName", "dialog-last-name")}
            />
            <FieldMessage id="dialog-last-name-error">{error("lastName")}</FieldMessage>
          </div>
          <div>
            <Label htmlFor="dialog-community">Primary community</Label>
            <NativeSelect
              id="dialog-community"
              name="primaryCommunity"
              value={primaryCommunity}
              onChange={(e) => setPrimaryCommunity(e.target.value)}
            >
              <option value="">No preference</option>
              {communities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.displayName}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
