import { useFetcher } from "@remix-run/react";
import { Switch } from "radix-ui";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  POST_CONTENT_MAX,
  POST_COUNTER,
  SOCIAL_HUB_PLATFORM_IDS,
  type SocialPlatform,
  type SocialPost,
} from "../../../workers/contract/social";
import { TriangleAlert } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { postLengthWarnings, type LengthWarning } from "./post-length-limits";
import { SOCIAL_TOASTS } from "./social-toasts";

/** `datetime-local` value for a moment, in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Create Post tab (spec 000 §2/§5): content with a length/280 counter, connected platforms, optional schedule.
 * Posts to the page's action; the success toast names the moment in the member's own time zone, so the
 * browser words it.
 */
export function CreatePostTab({ platforms }: { platforms: SocialPlatform[] }) {
  const fetcher = useFetcher<ActionResult<{ post: SocialPost }>>();
  const connected = platforms.filter((p) => p.connected);
  const [content, setContent] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState("");
  const submitting = fetcher.state !== "idle";
  const ids = { content: useId(), schedule: useId(), when: useId() };
  const names = (list: string[]) => list.map((id) => platforms.find((p) => p.id === id)?.name ?? id).join(", ");
  const warnings = postLengthWarnings(
    content,
    SOCIAL_HUB_PLATFORM_IDS.filter((id) => selected.includes(id) && connected.some((p) => p.id === id)),
  );
  useResultToast(fetcher.data);

  const handled = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result?.ok || handled.current === result) return;
    handled.current = result;
    const { post } = result;
    toast(
      post.scheduledFor
        ? SOCIAL_TOASTS.scheduled(new Date(post.scheduledFor), names(post.platforms))
        : SOCIAL_TOASTS.created(names(post.platforms)),
    );
    setContent("");
    setSelected([]);
    setWhen("");
    setScheduling(false);
    // `names` reads the platforms of this render; the answer is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = selected.filter((id) => connected.some((p) => p.id === id));
    if (!content.trim() || chosen.length === 0) {
      toast(SOCIAL_TOASTS.missing("Please add content and select at least one platform"));
      return;
    }
    const at = scheduling && when ? new Date(when) : null;
    if (scheduling && (!at || at.getTime() <= Date.now())) {
      toast(SOCIAL_TOASTS.missing("Please choose a date and time in the future"));
      return;
    }
    const form = new FormData();
    form.set("intent", "create-post");
    form.set("content", content.trim());
    for (const id of chosen) form.append("platforms", id);
    if (at) form.set("scheduledFor", at.toISOString());
    fetcher.submit(form, { method: "post" });
  };

  return (
    <Card>
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <div>
          <Label htmlFor={ids.content}>Post content</Label>
          <Textarea
            id={ids.content}
            value={content}
            maxLength={POST_CONTENT_MAX}
            onChange={(e) => setContent(e.target.value)}
            placeholder="What are you streaming next?"
            className="min-h-32"
          />
          <p className="mt-1 text-right text-xs text-muted" data-testid="post-counter" aria-live="polite">
            {content.length}/{POST_COUNTER}
          </p>
          <LengthWarnings warnings={warnings} platformName={(id) => names([id])} />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Platforms</legend>
          {connected.length === 0 ? (
            <p className="text-sm text-muted">Connect a platform first (Connected Platforms tab).</p>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {connected.map((p) => (
                <label key={p.id} className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm">
                  {p.name}
                  <Switch.Root
                    checked={selected.includes(p.id)}
                    onCheckedChange={(on) => setSelected((list) => (on ? [...list, p.id] : list.filter((id) => id !== p.id)))}
                    aria-label={`Post to ${p.name}`}
                    className="relative h-6 w-11 shrink-0 rounded-full border border-border bg-background transition data-[state=checked]:bg-primary"
                  >
                    <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.3rem]" />
                  </Switch.Root>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={ids.schedule} className="text-sm font-medium">
            Schedule for later
          </label>
          <Switch.Root
            id={ids.schedule}
            checked={scheduling}
            onCheckedChange={setScheduling}
            className="relative h-6 w-11 shrink-0 rounded-full border border-border bg-background transition data-[state=checked]:bg-primary"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.3rem]" />
          </Switch.Root>
        </div>
        {scheduling ? (
          <div>
            <Label htmlFor={ids.when}>Date and time</Label>
            <Input
              id={ids.when}
              type="datetime-local"
              min={toLocalInputValue(new Date())}
              value={when}
              onChange={(e) => setWhen(e.target.value)}
            />
          </div>
        ) : null}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Saving..." : scheduling ? "Schedule Post" : "Create Post"}
        </Button>
      </form>
    </Card>
  );
}

/** Per-platform length warnings while composing: the post can still be saved, but would be cut or refused there. */
function LengthWarnings({ warnings, platformName }: { warnings: LengthWarning[]; platformName: (id: string) => string }) {
  return (
    <ul className="mt-1 grid gap-1 text-sm" aria-live="polite" aria-label="Length warnings" data-testid="length-warnings">
      {warnings.map((w) => (
        <li key={w.platform} className="flex items-center gap-2 font-medium text-amber-800 dark:text-amber-300">
          <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          Too long for {platformName(w.platform)}: {w.length} of {w.limit} characters
        </li>
      ))}
    </ul>
  );
}
