import { Form, useNavigation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { BIO_MAX, MEMBER_STATUSES, NAME_MAX } from "../../../workers/contract/profile-options";
import type { CommunitySummary } from "../../../workers/domain/communities";
import type { UserProfile } from "../../../workers/domain/members/profile";
import { Button } from "~/components/ui/button";
import { FieldMessage, Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { fieldError, submittedValue } from "~/lib/forms";
import { STATUS_LABELS, toMemberStatus } from "./member-status";

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  bio: string;
  status: (typeof MEMBER_STATUSES)[number];
  primaryCommunity: string;
};

/** The stored profile, or what a refused submission sent (shown again beside its errors). */
export function profileFormValues(profile: UserProfile, result?: unknown): ProfileFormValues {
  const sent = (name: keyof ProfileFormValues) => submittedValue(result, name);
  return {
    firstName: sent("firstName") ?? profile.firstName ?? "",
    lastName: sent("lastName") ?? profile.lastName ?? "",
    bio: sent("bio") ?? profile.bio ?? "",
    status: toMemberStatus(sent("status") ?? profile.status),
    primaryCommunity: sent("primaryCommunity") ?? profile.primaryCommunity ?? "",
  };
}

/** Where Cancel goes without JavaScript: the profile in view mode (a GET form the Cancel button submits). */
export const CANCEL_FORM_ID = "profile-cancel";

/**
 * Edit mode of the profile page (spec 000 §4). Save posts to /profile's action
 * (intent "update"), which comes back to the profile in view mode with the
 * toast, or answers the errors beside the fields; it works without JavaScript.
 * Cancel restores the stored profile.
 */
export function ProfileEditForm({
  profile,
  communities,
  result,
  onCancel,
}: {
  profile: UserProfile;
  communities: CommunitySummary[];
  /** The action's answer to the last submission (errors and the values sent). */
  result: unknown;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(() => profileFormValues(profile, result));
  const set = (patch: Partial<ProfileFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formAction === "/profile" && navigation.formData?.get("intent") === "update";
  const cancel = (event: MouseEvent) => {
    event.preventDefault();
    onCancel();
  };
  const described = (name: keyof ProfileFormValues, id: string) => {
    const error = fieldError(result, name);
    return { name, id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
  };
  return (
    <Form method="post" action="/profile" className="grid gap-4" aria-label="Edit profile">
      <input type="hidden" name="intent" value="update" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="profile-first-name">First name</Label>
          <Input
            {...described("firstName", "profile-first-name")}
            required
            maxLength={NAME_MAX}
            value={values.firstName}
            onChange={(e) => set({ firstName: e.target.value })}
          />
          <FieldMessage id="profile-first-name-error">{fieldError(result, "firstName")}</FieldMessage>
        </div>
        <div>
          <Label htmlFor="profile-last-name">Last name</Label>
          <Input
            {...described("lastName", "profile-last-name")}
            maxLength={NAME_MAX}
            value={values.lastName}
            onChange={(e) => set({ lastName: e.target.value })}
          />
          <FieldMessage id="profile-last-name-error">{fieldError(result, "lastName")}</FieldMessage>
        </div>
      </div>
      <div>
        <Label htmlFor="profile-bio">Bio</Label>
        <Textarea
          {...described("bio", "profile-bio")}
          maxLength={BIO_MAX}
          value={values.bio}
          onChange={(e) => set({ bio: e.target.value })}
          placeholder="Tell the community about yourself"
        />
        <FieldMessage id="profile-bio-error">{fieldError(result, "bio")}</FieldMessage>
        <p className="mt-1 text-right text-xs text-muted">
          {values.bio.length}/{BIO_MAX}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="profile-status">Status</Label>
          <NativeSelect
            {...described("status", "profile-status")}
            value={values.status}
            onChange={(e) => set({ status: toMemberStatus(e.target.value) })}
          >
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="profile-community">Primary community</Label>
          <NativeSelect
            {...described("primaryCommunity", "profile-community")}
            value={values.primaryCommunity}
            onChange={(e) => set({ primaryCommunity: e.target.value })}
          >
            <option value="">No preference</option>
            {communities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.displayName}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id="profile-community-error">{fieldError(result, "primaryCommunity")}</FieldMessage>
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
        <Button type="submit" form={CANCEL_FORM_ID} formNoValidate variant="outline" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
