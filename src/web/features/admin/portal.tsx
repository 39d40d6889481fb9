import { useState } from 'react';
import { Input } from '../../components/ui/input';
import { PortalHeader } from './portal-header';
import { portalTabs } from './portal-tabs';
import { StatCards } from './stat-cards';
import { ADMIN_TABS, parseAdminTab, type AdminTab } from './tab-names';
import type { Admin } from './types';
import { useDebouncedValue } from './use-debounced-value';
import { useSessionExpiry } from './use-session-expiry';
import { SearchIcon } from '../../components/ui/icons';
import { ScrollHint } from '../../components/ui/scroll-hint';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

export function AdminPortal({ admin, tab, onTabChange }: { admin: Admin; tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  useSessionExpiry();

  return (
    <div className="flex flex-1 flex-col bg-muted/40">
      <PortalHeader admin={admin} />
      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
          <p className="text-sm text-muted-foreground">Welcome back, {admin.name}.</p>
        </div>
        <StatCards />
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = parseAdminTab(value);
            if (next !== undefined) onTabChange(next);
          }}
          className="flex flex-col gap-4"
        >
          {/* Eight tabs do not fit a phone: a fade on the side with more says the strip scrolls. */}
          <ScrollHint fadeClassName="from-muted">
            {(ref) => (
              <TabsList ref={ref} aria-label="Admin sections">
                {ADMIN_TABS.map((value) => (
                  <TabsTrigger key={value} value={value}>
                    {portalTabs[value].icon}
                    {portalTabs[value].label}
                  </TabsTrigger>
                ))}
              </TabsList>
            )}
          </ScrollHint>
          {ADMIN_TABS.map((value) => (
            <TabsContent key={value} value={value} className="mt-0">
              {/* Radix mounts only the active panel, so a tab fetches when first opened, and its search starts empty. */}
              <TabPanel admin={admin} tab={value} />
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}

/** One tab with its own search box: a term typed on one tab never filters another. */
function TabPanel({ admin, tab }: { admin: Admin; tab: AdminTab }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 250);
  const { Component, searchPlaceholder } = portalTabs[tab];
  return (
    <div className="flex flex-col gap-4">
      {searchPlaceholder !== undefined && (
        <div className="relative w-full sm:max-w-md">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search"
            placeholder={searchPlaceholder}
            className="bg-background pl-9"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </div>
      )}
      <Component admin={admin} search={search} />
    </div>
  );
}
