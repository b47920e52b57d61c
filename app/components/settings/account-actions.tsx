import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { apiRequest } from "~/components/profile/api-request";
import { toast } from "~/hooks/use-toast";
import { noticeUnauthorized } from "~/lib/session-expired";

export const DELETE_CONFIRMATION = "Are you sure you want to permanently delete your account? This action cannot be undone.";

/** Account tab: export everything as a JSON download, or delete the account for good. */
export function AccountActions() {
  const [busy, setBusy] = useState<"export" | "delete" | null>(null);

  const exportData = async () => {
    setBusy("export");
    try {
      const response = await fetch("/api/user/export-data", { method: "POST", credentials: "same-origin" });
      noticeUnauthorized(response.status);
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "realmcast-data.json";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: "Data export requested", description: "Your data export will be emailed to you within 24 hours." });
    } catch {
      toast({ title: "Failed to export data", variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const deleteAccount = async () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    setBusy("delete");
    try {
      await apiRequest("DELETE", "/api/user/account");
      toast({ title: "Account deleted" });
      window.location.assign("/api/logout");
    } catch {
      toast({ title: "Failed to delete account", variant: "destructive" });
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-6">
      <section>
        <h3 className="font-semibold">Export your data</h3>
        <p className="mt-1 text-sm text-muted">
          Download everything Realmcast stores about you (profile, settings, links, realms, events, rooms, tournaments, forum posts,
          friends, notifications and social posts) as a JSON file.
        </p>
        <Button variant="outline" className="mt-3" onClick={exportData} disabled={busy !== null}>
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
