import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { HydrateApart } from '../../../components/hydrate-apart';
import { selectedTab } from '../tabs';

/** The query parameter that keeps a page's open tab. */
export const selectedTabParam = 'selectedTab';

/** The open tab from the `selectedTab` query (the fallback when missing or unknown) and a setter. */
export function useSelectedTab<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: T) => void] {
  const [query, setQuery] = useSearchParams();
  const current = selectedTab(tabs, query.get(selectedTabParam), fallback);
  const select = (tab: T) =>
    setQuery(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(selectedTabParam, tab);
        return next;
      },
      { replace: true },
    );
  return [current, select];
}

interface PageTabsProps<T extends string> {
  /** Prefix of the tab and panel ids. */
  idPrefix: string;
  label: string;
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  tabLabel: (tab: T) => string;
  children: ReactNode;
}

/** A row of tabs (scrollable on phones) and the open tab's panel. */
export function PageTabs<T extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  tabLabel,
  children,
}: PageTabsProps<T>) {
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <HydrateApart>
          <Tabs
            value={selected}
            onChange={(_event, value: T) => onSelect(value)}
            aria-label={label}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } } }}
          >
            {tabs.map((tab) => (
              <Tab
                key={tab}
                value={tab}
                label={tabLabel(tab)}
                id={`${idPrefix}-tab-${tab}`}
                aria-controls={`${idPrefix}-panel-${tab}`}
              />
            ))}
          </Tabs>
        </HydrateApart>
      </Box>
      <Box
        role="tabpanel"
        id={`${idPrefix}-panel-${selected}`}
        aria-labelledby={`${idPrefix}-tab-${selected}`}
      >
        {children}
      </Box>
    </>
  );
}
