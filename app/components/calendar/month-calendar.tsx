import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { EventDto } from "../../../workers/contract/events";
import { dayLabel, monthGrid, monthLabel, monthOf, moveFocus, shiftMonth } from "./month";
import { countOf } from "../../../workers/contract/plural";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MAX_TITLES_PER_DAY = 2;

/**
 * Month grid (ARIA grid with a roving tab stop): arrows move a day or a week,
 * Home/End to the week's ends, Enter/Space selects; leaving the month turns
 * the page. Previous/next buttons carry labels.
 */
export function MonthCalendar({
  month,
  today,
  selectedDate,
  events,
  dayOf,
  onSelectDate,
  onMonthChange,
}: {
  month: string;
  today: string;
  selectedDate: string;
  events: EventDto[];
  /** The day an event falls on for the viewer (their time zone once hydrated). */
  dayOf: (event: EventDto) => string;
  onSelectDate: (date: string) => void;
  onMonthChange: (month: string, focusDate?: string) => void;
}) {
  const days = useMemo(() => monthGrid(month), [month]);
  const byDay = useMemo(() => {
    const map = new Map<string, EventDto[]>();
    for (const e of events) map.set(dayOf(e), [...(map.get(dayOf(e)) ?? []), e]);
    return map;
  }, [events, dayOf]);
  const [focusDate, setFocusDate] = useState(selectedDate);
  const wantsFocus = useRef(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // Keep the tab stop on a visible day.
  const tabStop = days.includes(focusDate) ? focusDate : days.includes(selectedDate) ? selectedDate : `${month}-01`;

  useEffect(() => {
    if (!wantsFocus.current) return;
    const button = buttons.current.get(focusDate);
    if (button) {
      button.focus();
      wantsFocus.current = false;
    }
  }, [focusDate, days]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, date: string) {
    const next = moveFocus(date, e.key);
    if (!next) return;
    e.preventDefault();
    wantsFocus.current = true;
    setFocusDate(next);
    if (monthOf(next) !== month) onMonthChange(monthOf(next), next);
  }

  const rows = Array.from({ length: 6 }, (_, r) => days.slice(r * 7, r * 7 + 7));
  return (
    <div className="rounded-xl border border-border bg-surface p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <h2 className="text-lg font-semibold" id="calendar-month-label" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button variant="outline" size="icon" aria-label="Next month" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </Button>
      </div>
      <table role="grid" aria-labelledby="calendar-month-label" className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="pb-2 text-center text-xs font-medium text-muted">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const dayEvents = byDay.get(date) ?? [];
                const inMonth = monthOf(date) === month;
                const selected = date === selectedDate;
                const count = dayEvents.length;
                return (
                  <td key={date} role="gridcell" aria-selected={selected} className="p-0.5 align-top">
                    <button
                      type="button"
                      ref={(el) => {
                        if (el) buttons.current.set(date, el);
                        else buttons.current.delete(date);
                      }}
                      tabIndex={date === tabStop ? 0 : -1}
                      data-date={date}
                      aria-label={`${dayLabel(date)}, ${count === 0 ? "no events" : `${countOf(count, "event")}: ${dayEvents.map((e) => e.title).join("; ")}`}`}
                      aria-current={date === today ? "date" : undefined}
                      onClick={() => {
                        setFocusDate(date);
                        onSelectDate(date);
                      }}
                      onFocus={() => setFocusDate(date)}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      className={cn(
                        "flex h-14 w-full flex-col items-start overflow-hidden rounded-lg border p-1 text-left text-xs transition sm:h-24 sm:p-1.5",
                        inMonth ? "border-border bg-background" : "border-transparent bg-transparent text-muted",
                        selected && "border-primary ring-2 ring-primary",
                        date === today && "font-bold",
                      )}
                    >
                      <span className={cn("text-sm", date === today && "rounded-full bg-primary px-1.5 text-primary-foreground")}>
                        {Number(date.slice(8))}
                      </span>
                      {count > 0 ? (
                        <>
                          <span className="mt-1 h-1.5 w-1.5 rounded-full bg-primary sm:hidden" aria-hidden="true" />
                          <span className="hidden w-full sm:block" aria-hidden="true">
                            {dayEvents.slice(0, MAX_TITLES_PER_DAY).map((e) => (
                              <span key={e.id} className="mt-0.5 block truncate rounded bg-primary/20 px-1" data-testid="grid-event">
                                {e.title}
                              </span>
                            ))}
                            {count > MAX_TITLES_PER_DAY ? (
                              <span className="block text-muted">+{count - MAX_TITLES_PER_DAY} more</span>
                            ) : null}
                          </span>
                        </>
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
