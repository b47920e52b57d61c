import { DropdownMenu } from "radix-ui";
import { Check, ChevronDown, Globe } from "lucide-react";
import { RealmDot } from "~/components/realm/realm-dot";
import { useCommunity } from "~/hooks/use-community";

const ALL_REALMS = "__all__";

/** All Realms plus each community; a colour dot marks the active realm. */
export function RealmSelector() {
  const { communities, selectedCommunity, setSelectedCommunity } = useCommunity();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-9 min-w-0 items-center gap-2 rounded-lg border border-border bg-surface px-2.5 text-sm font-medium text-fg hover:border-primary sm:px-3"
        aria-label={`Realm: ${selectedCommunity?.displayName ?? "All Realms"}`}
        data-testid="realm-selector"
      >
        {selectedCommunity ? <RealmDot realmId={selectedCommunity.id} /> : <Globe className="h-4 w-4" aria-hidden="true" />}
        <span className="max-w-[6.5rem] truncate sm:max-w-[9rem]">{selectedCommunity?.displayName ?? "All Realms"}</span>
        <ChevronDown className="h-4 w-4 opacity-70" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-[14rem] rounded-xl border border-border bg-surface p-1 text-fg shadow-xl"
        >
          <DropdownMenu.RadioGroup
            value={selectedCommunity?.id ?? ALL_REALMS}
            onValueChange={(value) => setSelectedCommunity(value === ALL_REALMS ? null : value)}
          >
            <DropdownMenu.RadioItem
              value={ALL_REALMS}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-background"
            >
              <Globe className="h-4 w-4" aria-hidden="true" /> All Realms
              <DropdownMenu.ItemIndicator className="ml-auto">
                <Check className="h-4 w-4" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
            {communities.map((community) => (
              <DropdownMenu.RadioItem
                key={community.id}
                value={community.id}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-background"
              >
                <RealmDot realmId={community.id} />
                {community.displayName}
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
