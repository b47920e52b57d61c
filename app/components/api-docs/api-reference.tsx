import { useMemo, useState } from "react";
import type { FieldReference, RouteReference } from "../../../workers/contract/api-reference";
import { useHydrated } from "~/components/forum/use-hydrated";
import { Badge, Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/field";
import { cn } from "~/lib/cn";

const METHOD_TONE: Record<string, string> = {
  get: "bg-sky-700 text-white",
  post: "bg-emerald-700 text-white",
  put: "bg-amber-700 text-white",
  patch: "bg-violet-700 text-white",
  delete: "bg-red-700 text-white",
};

function FieldTable({ caption, fields }: { caption: string; fields: FieldReference[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="mb-1 text-left font-medium">{caption}</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              Rules
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name} className="border-t border-border align-top">
              <td className="py-1 pr-3 font-mono">
                {f.name}
                {f.required ? <span className="text-muted"> *</span> : null}
              </td>
              <td className="break-all py-1 pr-3 font-mono text-xs">{f.type}</td>
              <td className="py-1 text-xs text-muted">
                {[f.required ? "required" : "optional", ...f.constraints, f.description].filter(Boolean).join(", ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One route: its method, path, access and summary always shown; its fields, answer and errors when opened (a
 * native disclosure). The server draws every route's details, so the page works without scripts; once scripts run,
 * a closed route's details are drawn when it is opened: with all 118 drawn the page held over 4,000 elements.
 */
function RouteCard({ route }: { route: RouteReference }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-0" data-testid="api-route">
      <details className="group" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer list-none rounded-xl p-4 [&::-webkit-details-marker]:hidden">
          <span className="flex flex-wrap items-center gap-2">
            <span className={cn("rounded px-2 py-0.5 font-mono text-xs font-bold uppercase", METHOD_TONE[route.method])}>
              {route.method}
            </span>
            <code className="break-all font-mono text-sm font-semibold">{route.path}</code>
            <Badge tone={route.auth === "member" ? "default" : "outline"}>{route.auth === "member" ? "Sign-in required" : "Public"}</Badge>
            {route.tokenScope ? <Badge tone="outline">API token: {route.tokenScope}</Badge> : null}
            <span aria-hidden="true" className="ml-auto text-muted transition-transform group-open:rotate-90">
              ›
            </span>
          </span>
          <span className="mt-2 block text-sm">{route.summary}</span>
        </summary>
        {open || !hydrated ? (
          <div className="px-4 pb-4">
            <RouteDetails route={route} />
          </div>
        ) : null}
      </details>
    </Card>
  );
}

function RouteDetails({ route }: { route: RouteReference }) {
  return (
    <>
      <FieldTable caption="Query parameters" fields={route.query} />
      <FieldTable caption="JSON body" fields={route.body} />
      <dl className="mt-3 grid gap-1 text-sm">
        <div>
          <dt className="inline font-medium">{route.status}: </dt>
          <dd className="inline break-words font-mono text-xs text-muted">
            {route.response ?? route.produces ?? (route.status === 204 ? "no content" : "see summary")}
          </dd>
        </div>
        {route.errors.map((e) => (
          <div key={e.status}>
            <dt className="inline font-medium">{e.status}: </dt>
            <dd className="inline text-muted">{e.description}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The live /api contract (spec §2 API Documentation, "REST endpoints"), filterable by path. */
export function ApiReference({ routes }: { routes: RouteReference[] }) {
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const term = filter.trim().toLowerCase();
    return term ? routes.filter((r) => `${r.method} ${r.path} ${r.summary}`.toLowerCase().includes(term)) : routes;
  }, [routes, filter]);
  return (
    <section aria-labelledby="api-reference-heading" className="mt-12">
      <h2 id="api-reference-heading" className="text-2xl font-bold">
        REST endpoints
      </h2>
      <p className="mt-2 text-sm text-muted">
        {routes.length} routes, generated from the API's own validation schemas. Also available as{" "}
        <a className="underline" href="/api/openapi.json">
          OpenAPI 3.1 JSON
        </a>
        . Open a route for its fields, its answer and its errors. Errors are <code className="font-mono">{"{ message, issues? }"}</code>;
        state-changing calls need a same-origin Origin and Content-Type application/json.
      </p>
      <div className="mt-4 max-w-sm">
        <Label htmlFor="api-filter">Filter routes</Label>
        <Input id="api-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="e.g. forum" />
      </div>
      <div className="mt-6 grid gap-3">
        {shown.map((route) => (
          <RouteCard key={`${route.method} ${route.path}`} route={route} />
        ))}
        {shown.length === 0 ? <p className="text-muted">No route matches.</p> : null}
      </div>
    </section>
  );
}
