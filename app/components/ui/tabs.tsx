import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    // One row at any width: on a narrow screen the row scrolls sideways instead of wrapping onto a second line.
    <RadixTabs.List
      className={cn("flex max-w-full gap-1 overflow-x-auto rounded-xl border border-border bg-surface p-1 sm:inline-flex", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-muted transition sm:px-4 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("mt-6 focus-visible:outline-none", className)} {...props} />;
}
