import type { ToastMessage } from "~/lib/toast";

/** Spec 000 §8. */
export const SETTINGS_SAVED: ToastMessage = { title: "Settings saved" };
export const settingsSaveFailed = (message?: string): ToastMessage => ({
  title: "Failed to save settings",
  description: message || "Something went wrong",
  variant: "destructive",
});
export const SETTINGS_RESET: ToastMessage = { title: "Settings reset", description: "All settings have been reset to defaults." };
export const EXPORT_REQUESTED: ToastMessage = {
  title: "Data export requested",
  description: "Your data export will be emailed to you within 24 hours.",
};
export const EXPORT_FAILED: ToastMessage = { title: "Failed to export data", variant: "destructive" };
export const ACCOUNT_DELETED: ToastMessage = { title: "Account deleted" };
export const DELETE_FAILED: ToastMessage = { title: "Failed to delete account", variant: "destructive" };

/** Spec 000 §5: the browser confirmation before deleting an account. */
export const DELETE_CONFIRMATION = "Are you sure you want to permanently delete your account? This action cannot be undone.";

/** The API tokens tab (issue 27). */
export const TOKEN_CREATED: ToastMessage = { title: "Token created", description: "Copy it now: it is not shown again." };
export const TOKEN_REVOKED: ToastMessage = { title: "Token revoked" };
export const tokenFailed = (message: string): ToastMessage => ({ title: "Token not saved", description: message, variant: "destructive" });
export const WEBHOOK_SAVED: ToastMessage = { title: "Webhook saved", description: "Copy its signing secret now: it is not shown again." };
export const WEBHOOK_REMOVED: ToastMessage = { title: "Webhook removed" };
export const webhookFailed = (message: string): ToastMessage => ({
  title: "Webhook not saved",
  description: message,
  variant: "destructive",
});
export const REMOVE_WEBHOOK_CONFIRMATION = "Remove this webhook? Deliveries not yet made will fail.";
export const REVOKE_CONFIRMATION = "Revoke this token? Anything using it stops working at once.";

/** Bots that may seat the member (issue 35). */
export const BOT_ALLOWED = (botName: string): ToastMessage => ({
  title: "Bot allowed",
  description: `${botName} may now seat you in rooms it makes.`,
});
export const BOT_DECLINED = (botName: string): ToastMessage => ({
  title: "Bot not allowed",
  description: `${botName} cannot seat you; it may only invite you.`,
});
export const botAnswerFailed = (message: string): ToastMessage => ({
  title: "Answer not saved",
  description: message,
  variant: "destructive",
});

/** Blocks (issue 37): from a profile, a room, or Settings → Privacy. */
export const BLOCKED: ToastMessage = { title: "Member blocked", description: "You no longer see each other's rooms, events or posts." };
export const UNBLOCKED: ToastMessage = { title: "Member unblocked" };
export const blockFailed = (message: string): ToastMessage => ({
  title: "Block not changed",
  description: message,
  variant: "destructive",
});
