const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A tournament start `minutes` from now, as the create form's datetime-local field takes it and as a card shows it
 * (the browser runs in this machine's zone). Within the hour, the organizer may start it at once: a tournament
 * starts no earlier than its date less the 60-minute check-in window (issue 37).
 */
export function startIn(minutes: number) {
  const d = new Date(Date.now() + minutes * 60_000);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return {
    field: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${time}`,
    card: `${MONTHS[d.getMonth()]} ${pad(d.getDate())}, ${time}`,
  };
}
