import { useFetcher } from "@remix-run/react";
import { Switch } from "radix-ui";
import { Info } from "lucide-react";
import type { SocialPlatform } from "../../../workers/contract/social";
import { Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { SOCIAL_TOASTS } from "./social-toasts";

/** Connected Platforms tab: one switch per platform (stored per member). */
export function PlatformsTab({ platforms }: { platforms: SocialPlatform[] }) {
  return (
    <div className="grid gap-4">
      <p className="flex gap-2 rounded-xl border border-border bg-surface p-4 text-sm text-muted">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        Realmcast does not hold your platform passwords or tokens and never posts for you. Connecting a platform marks where you publish: we
        keep your posts and remind you with the text ready to copy when it is time.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Platforms">
        {platforms.map((p) => (
          <li key={p.id}>
            <PlatformCard platform={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The switch says so at once (spec 000 §8 toasts); a refusal puts it back and says why. */
function PlatformCard({ platform }: { platform: SocialPlatform }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const toggle = (connected: boolean) => {
    toast(connected ? SOCIAL_TOASTS.connecting(platform.name) : SOCIAL_TOASTS.disconnected(platform.name));
    fetcher.submit({ intent: "platform", platform: platform.id, connected: String(connected) }, { method: "post" });
  };
  return (
    <Card className="flex h-full items-start justify-between gap-4">
      <div>
        <h3 className="font-semibold">{platform.name}</h3>
        <p className="mt-1 text-sm text-muted">{platform.description}</p>
        <p className="mt-2 text-xs font-medium">{platform.connected ? "Connected" : "Not connected"}</p>
      </div>
      <Switch.Root
        checked={platform.connected}
        onCheckedChange={toggle}
        aria-label={`${platform.name} connected`}
        className="relative h-6 w-11 shrink-0 rounded-full border border-border bg-background transition data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.3rem]" />
      </Switch.Root>
    </Card>
  );
}
