import { useFetcher } from "@remix-run/react";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useResultToast } from "~/lib/forms";
import type { SettingsResult } from "./settings-results";
import { DELETE_CONFIRMATION } from "./settings-toasts";
import { useAnswerEffect } from "~/lib/answer-effect";

/** Hands the exported data to the browser as a JSON file download. */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Account tab: export everything as a JSON download, or delete the account for
 * good (after the spec's browser confirmation; the action signs the browser out
 * and the home page says 'Account deleted').
 */
export function AccountActions() {
  const fetcher = useFetcher<SettingsResult>();
  useResultToast(fetcher.data);
  const [sent, setSent] = useState<"export" | "delete">("export");
  const busy = fetcher.state === "idle" ? null : sent;

  useAnswerEffect(fetcher.data, (answer) => {
    if (answer.ok && answer.intent === "export") download(answer.file.name, answer.file.data);
  });

  const submit = (intent: "export" | "delete") => {
    setSent(intent);
    fetcher.submit({ intent }, { method: "post", action: "/settings", encType: "application/json" });
  };

  const deleteAccount = () => {
    if (window.confirm(DELETE_CONFIRMATION)) submit("delete");
  };

  return (
    <div className="grid gap-6">
      <section>
        <h3 className="font-semibold">Export your data</h3>
        <p className="mt-1 text-sm text-muted">
          Download everything Realmcast stores about you (profile, settings, links, realms, events, rooms, tournaments, forum posts,
          friends, notifications and social posts) as a JSON file.
        </p>
        <Button variant="outline" className="mt-3" onClick={() => submit("export")} disabled={busy !== null}>
          <Download className="h-4 w-4" aria-hidden="true" /> {busy === "export" ? "Exporting..." : "Export Data"}
        </Button>
      </section>
      <section className="rounded-xl border border-red-700/60 p-4">
        <h3 className="font-semibold text-red-400">Delete account</h3>
        <p className="mt-1 text-sm text-muted">
          Removes your profile, settings, links, notifications, friendships, social posts, and the events, rooms and tournaments you
          created. Your forum posts and replies stay, without your name.
        </p>
        <Button variant="destructive" className="mt-3" onClick={deleteAccount} disabled={busy !== null}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> {busy === "delete" ? "Deleting..." : "Delete Account"}
        </Button>
      </section>
    </div>
  );
}
