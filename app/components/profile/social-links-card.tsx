import { useFetcher } from "@remix-run/react";
import { ExternalLink, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { SOCIAL_LINK_PLATFORMS } from "../../../workers/contract/profile-options";
import type { SocialLink } from "../../../workers/domain/members/profile";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldMessage, Input, Label, NativeSelect } from "~/components/ui/field";
import { fieldError, useResultToast, type ActionFailure } from "~/lib/forms";
import { SOCIAL_LINK_INFO, socialLinkInfo } from "./social-platforms";
import { socialProfileUrl } from "./social-profile-url";

type Platform = (typeof SOCIAL_LINK_PLATFORMS)[number];

/**
 * Social Links side card; the owner adds and removes links (intents "addLink"
 * and "removeLink" of /profile, which come back to the profile: the page starts
 * afresh with the new list and an empty name).
 */
export function SocialLinksCard({ links, isOwner }: { links: SocialLink[]; isOwner: boolean }) {
  const adder = useFetcher<ActionFailure>();
  const remover = useFetcher<ActionFailure>();
  useResultToast(adder.data);
  useResultToast(remover.data);
  const [platform, setPlatform] = useState<Platform>("discord");
  const [username, setUsername] = useState("");
  const adding = adder.state !== "idle";
  const removingId = remover.state === "idle" ? null : remover.formData?.get("linkId");
  const usernameError = fieldError(adder.data, "username");
  // Without JavaScript the button stays enabled (nothing would enable it again) and the server checks the name.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <Card>
      <h2 className="font-semibold">Social Links</h2>
      {links.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No social links added</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Social links">
          {links
            .filter((link) => link.id !== removingId)
            .map((link) => {
              const info = socialLinkInfo(link.platform);
              const Icon = info.icon;
              return (
                <li key={link.id} className="flex items-center gap-2 text-sm">
                  <Icon className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                  <span className="text-muted">{info.label}</span>
                  <SocialHandle platform={link.platform} username={link.username} label={info.label} />
                  {isOwner ? (
                    <remover.Form method="post" action="/profile" preventScrollReset>
                      <input type="hidden" name="intent" value="removeLink" />
                      <input type="hidden" name="linkId" value={link.id} />
                      <button
                        type="submit"
                        className="rounded p-1 text-muted hover:text-fg"
                        aria-label={`Remove ${info.label} link ${link.username}`}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </remover.Form>
                  ) : null}
                </li>
              );
            })}
        </ul>
      )}
      {isOwner ? (
        <adder.Form method="post" action="/profile" preventScrollReset className="mt-4 grid gap-2 border-t border-border pt-4">
          <input type="hidden" name="intent" value="addLink" />
          <div>
            <Label htmlFor="link-platform">Platform</Label>
            <NativeSelect
              id="link-platform"
              name="platform"
              value={platform}
              onChange={(e) => setPlatform(SOCIAL_LINK_PLATFORMS.find((p) => p === e.target.value) ?? "discord")}
            >
              {SOCIAL_LINK_PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {SOCIAL_LINK_INFO[p].label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor="link-username">Username</Label>
            <Input
              id="link-username"
              name="username"
              value={username}
              maxLength={100}
              placeholder={SOCIAL_LINK_INFO[platform].placeholder}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={usernameError ? true : undefined}
              aria-describedby={usernameError ? "link-username-error" : undefined}
            />
            <FieldMessage id="link-username-error">{usernameError}</FieldMessage>
          </div>
          <Button type="submit" variant="outline" size="sm" disabled={adding || (hydrated && !username.trim())}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Link
          </Button>
        </adder.Form>
      ) : null}
    </Card>
  );
}

/** The handle, linked to the member's page on the platform when one can be built from it (a new tab). */
function SocialHandle({ platform, username, label }: { platform: string; username: string; label: string }) {
  const href = socialProfileUrl(platform, username);
  if (!href) return <span className="min-w-0 flex-1 truncate font-medium">{username}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-w-0 flex-1 items-center gap-1 font-medium text-primary underline-offset-2 hover:underline"
    >
      <span className="truncate">{username}</span>
      <ExternalLink className="h-3 w-3 shrink-0" aria-hidden="true" />
      <span className="sr-only">({label}, opens in a new tab)</span>
    </a>
  );
}
