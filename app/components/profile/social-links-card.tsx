import { useRevalidator } from "@remix-run/react";
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { SOCIAL_LINK_PLATFORMS } from "../../../workers/contract/profile-options";
import type { SocialLink } from "../../../workers/domain/profile";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { apiRequest, ApiError } from "./api-request";
import { SOCIAL_LINK_INFO, socialLinkInfo } from "./social-platforms";

type Platform = (typeof SOCIAL_LINK_PLATFORMS)[number];

/** Social Links side card; the owner adds and removes links. */
export function SocialLinksCard({ links, isOwner }: { links: SocialLink[]; isOwner: boolean }) {
  const revalidator = useRevalidator();
  const [platform, setPlatform] = useState<Platform>("discord");
  const [username, setUsername] = useState("");
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return;
    setBusy(true);
    try {
      await apiRequest("POST", "/api/user/social-links", { platform, username: username.trim() });
      setUsername("");
      revalidator.revalidate();
    } catch (error) {
      toast({
        title: "Could not add the link",
        description: (error instanceof ApiError && error.serverMessage) || "Something went wrong",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (link: SocialLink) => {
    try {
      await apiRequest("DELETE", `/api/user/social-links/${link.id}`);
      revalidator.revalidate();
    } catch {
      toast({ title: "Could not remove the link", variant: "destructive" });
    }
  };

  return (
    <Card>
      <h2 className="font-semibold">Social Links</h2>
      {links.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No social links added</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Social links">
          {links.map((link) => {
            const info = socialLinkInfo(link.platform);
            const Icon = info.icon;
            return (
              <li key={link.id} className="flex items-center gap-2 text-sm">
                <Icon className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                <span className="text-muted">{info.label}</span>
                <span className="min-w-0 flex-1 truncate font-medium">{link.username}</span>
                {isOwner ? (
                  <button
                    type="button"
                    onClick={() => remove(link)}
                    className="rounded p-1 text-muted hover:text-fg"
                    aria-label={`Remove ${info.label} link ${link.username}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {isOwner ? (
        <form onSubmit={add} className="mt-4 grid gap-2 border-t border-border pt-4">
          <div>
            <Label htmlFor="link-platform">Platform</Label>
            <NativeSelect
              id="link-platform"
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
              value={username}
              maxLength={100}
              placeholder={SOCIAL_LINK_INFO[platform].placeholder}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" size="sm" disabled={busy || !username.trim()}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Link
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
