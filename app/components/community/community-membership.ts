/** The two intents of the realm membership form (shared by the button and the action). */
export const COMMUNITY_MEMBERSHIP_INTENTS = ["join-realm", "leave-realm"] as const;
