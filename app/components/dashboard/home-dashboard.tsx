import { Link } from "@remix-run/react";
import { CalendarDays, Globe, Video, Zap } from "lucide-react";
import { Card } from "~/components/ui/card";
import type { ShellMember } from "../../../workers/domain/shell";

/** Signed-in home. The full All Realms and community dashboards land with the member-home issue. */
export function HomeDashboard({ user }: { user: ShellMember }) {
  const cards = [
    { to: "/matchmaking", label: "Quick Match", icon: Zap },
    { to: "/tablesync", label: "TableSync", icon: Video },
    { to: "/calendar", label: "Events", icon: CalendarDays },
    { to: "/", label: "All Realms", icon: Globe },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Welcome back, {user.firstName || "Creator"}!</h1>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ to, label, icon: Icon }) => (
          <Link key={label} to={to} className="block">
            <Card className="h-full hover:border-primary">
              <Icon className="h-6 w-6" aria-hidden="true" />
              <p className="mt-3 font-semibold">{label}</p>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
