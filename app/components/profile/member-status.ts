import { MEMBER_STATUSES, type MemberStatus } from "../../../workers/contract/profile-options";

export const STATUS_LABELS: Record<MemberStatus, string> = {
  online: "Online",
  away: "Away",
  busy: "Busy",
  gaming: "Gaming",
  offline: "Offline",
};

export const STATUS_DOT: Record<MemberStatus, string> = {
  online: "bg-emerald-500",
  away: "bg-amber-400",
  busy: "bg-red-500",
  gaming: "bg-violet-500",
  offline: "bg-slate-500",
};

/** Spec 000 §4: unknown or missing status shows as Offline. */
export function toMemberStatus(value: string | null | undefined): MemberStatus {
  return MEMBER_STATUSES.find((s) => s === value) ?? "offline";
}
