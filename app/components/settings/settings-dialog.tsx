import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { DEFAULT_SETTINGS, STREAM_QUALITIES, THEME_MODES, type UserSettings } from "../../../workers/contract/settings";
import type { ShellMember } from "../../../workers/domain/shell";
import type { AccessTokenView } from "../../../workers/contract/access-tokens";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/card";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/hooks/use-toast";
import { useResultToast } from "~/lib/forms";
import { useRootData } from "~/lib/root-data";
import type { SettingsData, SettingsResult } from "./settings-results";
import { AccessTokensPanel } from "./access-tokens-panel";
import { AccountActions } from "./account-actions";
import { BotConsentsSection } from "./bot-consent-list";
import { BlockedMembersSection } from "./blocked-members";
import { SettingSwitch } from "./setting-switch";
import { SETTINGS_RESET } from "./settings-toasts";
import { applyThemeMode } from "~/lib/theme-mode";
import { cn } from "~/lib/cn";
import { useAnswerEffect } from "~/lib/answer-effect";

/** Every tab's panel has one fixed height (a longer one scrolls inside it), so the dialog keeps its size between tabs. */
const PANEL = "-mx-1 h-[min(24rem,55vh)] content-start overflow-y-auto px-1 pb-1";

const THEME_LABELS: Record<UserSettings["theme"], string> = { light: "Light", dark: "Dark", system: "System" };

/** The tabs whose switches Save Changes saves; Account and API tokens act with their own buttons, at once. */
const SAVED_BY_FOOTER = new Set(["general", "notifications", "privacy"]);

/**
 * Settings (spec 000 §2): General, Notifications, Privacy, Account, and API tokens (issue 27). Lazy-loaded
 * by the user menu; it reads and saves through the /settings resource route.
 */
export default function SettingsDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: ShellMember;
}) {
  const reader = useFetcher<SettingsData>();
  const saver = useFetcher<SettingsResult>();
  useResultToast(saver.data);
  const [saved, setSaved] = useState<UserSettings | null>(null);
  const [draft, setDraft] = useState<UserSettings | null>(null);
  const saving = saver.state !== "idle";
  const [tab, setTab] = useState("general");
  const footerSaves = SAVED_BY_FOOTER.has(tab);
  const themeMode = useRootData()?.themeMode;
  const draftTheme = useRef<UserSettings["theme"] | null>(null);
  draftTheme.current = draft?.theme ?? null;

  const load = useRef(reader.load);
  load.current = reader.load;
  useEffect(() => {
    if (open) load.current("/settings");
  }, [open]);

  // The stored settings; the form starts from them once (a later revalidation keeps the member's draft).
  useAnswerEffect(reader.data, (answer) => {
    const stored = answer.settings;
    if (!stored) return;
    setSaved(stored);
    setDraft((current) => current ?? stored);
  });

  useAnswerEffect(saver.data, (answer) => {
    if (answer.ok && answer.intent === "save") setSaved(answer.settings);
  });

  // The root re-renders <html> classes from the saved theme after a revalidation; keep the chosen look.
  useEffect(() => {
    if (draftTheme.current) applyThemeMode(draftTheme.current);
  }, [themeMode]);

  const change = (next: UserSettings) => {
    if (next.theme !== draft?.theme) applyThemeMode(next.theme);
    setDraft(next);
  };

  const close = (next: boolean) => {
    // An unsaved theme preview is undone when the dialog closes.
    if (!next && saved) applyThemeMode(saved.theme);
    onOpenChange(next);
  };

  const save = () => {
    if (!draft) return;
    saver.submit({ intent: "save", settings: draft }, { method: "post", action: "/settings", encType: "application/json" });
  };

  const reset = () => {
    change(DEFAULT_SETTINGS);
    toast(SETTINGS_RESET);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      {/* sm: so it outranks the dialog's own max-w-lg (class names are joined, not merged): five tabs fit in one row. */}
      <DialogContent title="Settings" description="Manage your account, notifications and privacy." className="sm:max-w-2xl">
        {draft ? (
          <SettingsTabs user={user} draft={draft} onChange={change} tokens={reader.data?.tokens ?? []} tab={tab} onTabChange={setTab} />
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading settings">
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-border border-t-primary" aria-hidden="true" />
              Loading settings…
            </p>
            <Skeleton className="h-10" />
            <Skeleton className="h-40" />
          </div>
        )}
        {/* Save Changes saves General, Notifications and Privacy. Account and API tokens act at once with their own
            buttons (a token's webhook with its row's Save webhook), so there Reset and Save give way to a note: a
            footer Save would say "Settings saved" for what it never sent. They keep their room (invisible), so the
            dialog keeps its size between tabs. */}
        <div className="mt-6 flex flex-wrap justify-between gap-2 border-t border-border pt-4">
          <div className="relative">
            <Button variant="outline" onClick={reset} disabled={!draft || !footerSaves} className={footerSaves ? undefined : "invisible"}>
              Reset to Defaults
            </Button>
            {footerSaves ? null : (
              <p
                className="absolute inset-y-0 left-0 flex items-center whitespace-nowrap text-sm text-muted"
                data-testid="settings-footer-note"
              >
                Each button on this tab acts at once.
              </p>
            )}
          </div>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => close(false)}>
              {footerSaves ? "Cancel" : "Close"}
            </Button>
            <Button onClick={save} disabled={!draft || saving || !footerSaves} className={footerSaves ? undefined : "invisible"}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SettingsTabs({
  user,
  draft,
  onChange,
  tokens,
  tab,
  onTabChange,
}: {
  user: ShellMember;
  draft: UserSettings;
  onChange: (next: UserSettings) => void;
  tokens: AccessTokenView[];
  tab: string;
  onTabChange: (tab: string) => void;
}) {
  const setGroup = <K extends "notificationSettings" | "privacySettings" | "streamingSettings">(key: K, patch: Partial<UserSettings[K]>) =>
    onChange({ ...draft, [key]: { ...draft[key], ...patch } });
  const n = draft.notificationSettings;
  const p = draft.privacySettings;
  const s = draft.streamingSettings;
  return (
    <Tabs value={tab} onValueChange={onTabChange}>
      {/* Five tabs wrap onto a second row on a phone rather than scroll out of sight ("Ac…" at 390 px). */}
      <TabsList aria-label="Settings sections" className="flex-wrap">
        <TabsTrigger value="general">General</TabsTrigger>
        <TabsTrigger value="notifications">Notifications</TabsTrigger>
        <TabsTrigger value="privacy">Privacy</TabsTrigger>
        <TabsTrigger value="account">Account</TabsTrigger>
        <TabsTrigger value="tokens">API tokens</TabsTrigger>
      </TabsList>
      <TabsContent value="general" className={cn(PANEL, "grid gap-4")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="settings-name">Name</Label>
            <Input id="settings-name" readOnly value={[user.firstName, user.lastName].filter(Boolean).join(" ")} />
          </div>
          <div>
            <Label htmlFor="settings-email">E-mail</Label>
            <Input id="settings-email" readOnly value={user.email} />
          </div>
          <div>
            <Label htmlFor="settings-theme">Theme</Label>
            <NativeSelect
              id="settings-theme"
              value={draft.theme}
              onChange={(e) => onChange({ ...draft, theme: THEME_MODES.find((m) => m === e.target.value) ?? draft.theme })}
            >
              {THEME_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {THEME_LABELS[mode]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor="settings-quality">Streaming quality</Label>
            <NativeSelect
              id="settings-quality"
              value={s.defaultQuality}
              onChange={(e) =>
                setGroup("streamingSettings", { defaultQuality: STREAM_QUALITIES.find((q) => q === e.target.value) ?? s.defaultQuality })
              }
            >
              {STREAM_QUALITIES.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <SettingSwitch
          label="Auto-start recording"
          description="Record TableSync sessions as soon as they start"
          checked={s.autoStartRecording}
          onCheckedChange={(v) => setGroup("streamingSettings", { autoStartRecording: v })}
        />
        <SettingSwitch
          label="Chat overlay"
          description="Show room chat over the video"
          checked={s.chatOverlay}
          onCheckedChange={(v) => setGroup("streamingSettings", { chatOverlay: v })}
        />
      </TabsContent>
      <TabsContent value="notifications" className={cn(PANEL, "grid gap-1")}>
        <SettingSwitch
          label="E-mail notifications"
          checked={n.email}
          onCheckedChange={(v) => setGroup("notificationSettings", { email: v })}
        />
        <SettingSwitch
          label="Browser notifications"
          checked={n.browser}
          onCheckedChange={(v) => setGroup("notificationSettings", { browser: v })}
        />
        <SettingSwitch
          label="Event reminders"
          checked={n.eventReminders}
          onCheckedChange={(v) => setGroup("notificationSettings", { eventReminders: v })}
        />
        <SettingSwitch
          label="Weekly digest"
          checked={n.weeklyDigest}
          onCheckedChange={(v) => setGroup("notificationSettings", { weeklyDigest: v })}
        />
      </TabsContent>
      <TabsContent value="privacy" className={cn(PANEL, "grid gap-1")}>
        <SettingSwitch
          label="Profile visible"
          description="Other members see your bio, status and social links"
          checked={p.profileVisible}
          onCheckedChange={(v) => setGroup("privacySettings", { profileVisible: v })}
        />
        <SettingSwitch
          label="Show online status"
          description="Other members see when you are online"
          checked={p.showOnlineStatus}
          onCheckedChange={(v) => setGroup("privacySettings", { showOnlineStatus: v })}
        />
        <SettingSwitch
          label="Allow direct messages"
          description="Members can send you friend requests (and messages, once available)"
          checked={p.allowDirectMessages}
          onCheckedChange={(v) => setGroup("privacySettings", { allowDirectMessages: v })}
        />
        <BotConsentsSection />
        <BlockedMembersSection />
      </TabsContent>
      <TabsContent value="account" className={PANEL}>
        <AccountActions />
      </TabsContent>
      <TabsContent value="tokens" className={PANEL}>
        <AccessTokensPanel tokens={tokens} />
      </TabsContent>
    </Tabs>
  );
}
