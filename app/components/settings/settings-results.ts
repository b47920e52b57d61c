import type { ActionResult } from "~/lib/forms";
import type { UserSettings } from "../../../workers/contract/settings";
import type { AccessTokenView, CreatedAccessToken } from "../../../workers/contract/access-tokens";

/**
 * What the /settings resource route answers the dialog's fetchers: its loader the member's settings, its action a
 * saved copy, an export to download, or a failure (a deleted account redirects instead).
 */
export type SettingsData = { settings: UserSettings; tokens: AccessTokenView[] };
export type SettingsResult = ActionResult<
  | { intent: "save"; settings: UserSettings }
  | { intent: "export"; file: { name: string; data: unknown } }
  // The API tokens tab: a new token comes back with its secret, the one time it is shown.
  | { intent: "createToken"; token: CreatedAccessToken }
  | { intent: "revokeToken"; id: string }
  // A token's webhook: its signing secret comes back the one time it is shown.
  | { intent: "setWebhook"; id: string; webhook: { url: string; secret: string } }
  | { intent: "clearWebhook"; id: string }
>;
