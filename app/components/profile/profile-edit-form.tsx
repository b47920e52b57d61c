import { useState, type FormEvent } from "react";
import { BIO_MAX, MEMBER_STATUSES, NAME_MAX } from "../../../workers/contract/profile-options";
import type { CommunitySummary } from "../../../workers/domain/communities";
import type { UserProfile } from "../../../workers/domain/profile";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { STATUS_LABELS, toMemberStatus } from "./member-status";

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  bio: string;
  status: (typeof MEMBER_STATUSES)[number];
  primaryCommunity: string;
};

export function profileFormValues(profile: UserProfile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    bio: profile.bio ?? "",
    status: toMemberStatus(profile.status),
    primaryCommunity: profile.primaryCommunity ?? "",
  };
}

/** Edit mode of the profile page (spec 000 §4): Save sends the update, Cancel restores the stored profile. */
export function ProfileEditForm({
  profile,
  communities,
  saving,
  onSave,
  onCancel,
}: {
  profile: UserProfile;
  communities: CommunitySummary[];
  saving: boolean;
  onSave: (values: ProfileFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(() => profileFormValues(profile));
  const set = (patch: Partial<ProfileFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(values);
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Edit profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="profile-first-name">First name</Label>
          <Input
            id="profile-first-name"
            required
            maxLength={NAME_MAX}
            value={values.firstName}
            onChange={(e) => set({ firstName: e.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="profile-last-name">Last name</Label>
          <Input id="profile-last-name" maxLength={NAME_MAX} value={values.lastName} onChange={(e) => set({ lastName: e.target.value })} />
        </div>
      </div>
      <div>
        <Label htmlFor="profile-bio">Bio</Label>
        <Textarea
          id="profile-bio"
          maxLength={BIO_MAX}
          value={values.bio}
          onChange={(e) => set({ bio: e.target.value })}
          placeholder="Tell the community about yourself"
        />
        <p className="mt-1 text-right text-xs text-muted">
          {values.bio.length}/{BIO_MAX}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="profile-status">Status</Label>
          <NativeSelect id="profile-status" value={values.status} onChange={(e) => set({ status: toMemberStatus(e.target.value) })}>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="profile-community">Primary community</Label>
          <NativeSelect id="profile-community" value={values.primaryCommunity} onChange={(e) => set({ primaryCommunity: e.target.value })}>
            <option value="">No preference</option>
            {communities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.displayName}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
