import { useRevalidator } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { NAME_MAX } from "../../../workers/contract/profile-options";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { saveProfile } from "./save-profile";

type DialogMember = { firstName: string | null; lastName: string | null; primaryCommunity: string | null };

/** Edit Profile dialog (spec 000 §2): first name, last name, primary community; 425 px wide. */
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
  const revalidator = useRevalidator();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [primaryCommunity, setPrimaryCommunity] = useState("");
  const [saving, setSaving] = useState(false);

  // Opens prefilled from the member each time.
  useEffect(() => {
    if (!open) return;
    setFirstName(user.firstName ?? "");
    setLastName(user.lastName ?? "");
    setPrimaryCommunity(user.primaryCommunity ?? "");
  }, [open, user.firstName, user.lastName, user.primaryCommunity]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await saveProfile({ firstName, lastName, primaryCommunity });
      toast({ title: "Profile updated successfully!" });
      onOpenChange(false);
      revalidator.revalidate();
    } catch {
      toast({ title: "Failed to update profile", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Profile" description="Update your name and primary community." className="max-w-[425px]">
        <form onSubmit={submit} className="grid gap-4">
          <div>
            <Label htmlFor="dialog-first-name">First name</Label>
            <Input id="dialog-first-name" required maxLength={NAME_MAX} value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="dialog-last-name">Last name</Label>
            <Input id="dialog-last-name" maxLength={NAME_MAX} value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="dialog-community">Primary community</Label>
            <NativeSelect id="dialog-community" value={primaryCommunity} onChange={(e) => setPrimaryCommunity(e.target.value)}>
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
        </form>
      </DialogContent>
    </Dialog>
  );
}
