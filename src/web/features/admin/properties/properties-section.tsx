import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { BuildingIcon } from '../../../components/ui/icons';
import { QueryStates } from '../../../components/ui/query-states';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { formatCount, formatDate, humanize } from '../format';
import { FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { useToggleProperty } from './mutations';
import { adminPropertiesQuery } from './queries';
import { PROPERTY_SORTS, PROPERTY_STATES, type PropertyFilters } from './types';
import { TimelineLinkTo } from '../timeline/timeline-link';
import type { AdminPropertyJson } from '../../../../contract/listings';

const NOUN = { one: 'property', many: 'properties' };

/** The Properties tab: every listing, a page at a time, searched by title, location or owner, with the Active/Inactive toggle. */
export function PropertiesSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: PropertyFilters; onFiltersChange?: (next: PropertyFilters) => void }) {
  const properties = useInfiniteQuery(adminPropertiesQuery(search, filters));
  const list = listItems(properties.data);
  const total = listTotal(properties.data);
  const filtered = search !== '' || filters.active !== undefined;
  const change = (next: Partial<PropertyFilters>) => onFiltersChange?.({ ...filters, ...next });

  return (
    <SectionCard
      title="Properties"
      description={list === undefined ? 'Every listing, active or not' : describeCount(total, search)}
      actions={properties.isFetching && !properties.isFetchingNextPage && list !== undefined ? <Spinner size="sm" label="Updating properties" /> : undefined}
    >
      {onFiltersChange !== undefined && (
        <ListFilters label="Filter properties">
          <FilterSelect label="Status" value={filters.active} options={PROPERTY_STATES} anyLabel="Active and inactive" onChange={(active) => change({ active })} />
          <FilterSelect label="Order" value={filters.sort ?? 'newest'} options={PROPERTY_SORTS} onChange={(sort) => change({ sort: sort === 'newest' ? undefined : sort })} />
        </ListFilters>
      )}
      <QueryStates query={properties} list={list} what="properties" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<BuildingIcon />}
          title={filtered ? 'No properties match your search' : 'No properties yet'}
          description={
            !filtered
              ? 'Listed properties appear here, where they can be activated or deactivated.'
              : search === ''
                ? 'No property matches these filters.'
                : `No title, location or owner matches “${search}”${filters.active === undefined ? '' : ' with this status'}.`
          }
        />
      }>
        {(list) => (
          <>
            <PropertyTable properties={list} />
            <PropertyCards properties={list} />
            <PagedListFooter query={properties} noun={NOUN} />
          </>
        )}
      </QueryStates>
    </SectionCard>
  );
}

function describeCount(total: number, search: string): string {
  const count = `${formatCount(total)} ${total === 1 ? 'property' : 'properties'}`;
  return search === '' ? count : `${count} matching “${search}”`;
}

function PropertyTable({ properties }: { properties: AdminPropertyJson[] }) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Property</TableHead>
            <TableHead>Owner</TableHead>
            <TableHead className="hidden lg:table-cell">Type</TableHead>
            <TableHead className="text-right">Bids</TableHead>
            <TableHead className="hidden lg:table-cell">Bidding ends</TableHead>
            <TableHead>Status</TableHead>
          </tr>
        </thead>
        <tbody>
          {properties.map((property) => (
            <TableRow key={property.id}>
              <TableCell className="max-w-72">
                <div className="truncate font-medium" title={property.title}>
                  {property.title}
                </div>
                <div className="truncate text-xs text-muted-foreground">{property.location}</div>
                <TimelineLinkTo kind="listing" id={property.id} name={property.title} />
              </TableCell>
              <TableCell className="max-w-56">
                <div className="truncate">{property.ownerName ?? '—'}</div>
                <div className="truncate text-xs text-muted-foreground">{property.ownerEmail ?? ''}</div>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap lg:table-cell">
                {humanize(property.propertyType)} · {property.bedrooms} bd · {property.bathrooms} ba
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatCount(property.bidCount)}</TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                {formatDate(property.biddingEndsAt)}
              </TableCell>
              <TableCell>
                <ActiveToggle property={property} />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function PropertyCards({ properties }: { properties: AdminPropertyJson[] }) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {properties.map((property) => (
        <li key={property.id} className="grid gap-3 py-4 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="truncate font-medium">{property.title}</p>
            <p className="truncate text-sm text-muted-foreground">{property.location}</p>
            <TimelineLinkTo kind="listing" id={property.id} name={property.title} />
          </div>
          <p className="truncate text-xs text-muted-foreground">
            {property.ownerName ?? '—'} · {formatCount(property.bidCount)} {property.bidCount === 1 ? 'bid' : 'bids'} · ends{' '}
            {formatDate(property.biddingEndsAt)}
          </p>
          <ActiveToggle property={property} />
        </li>
      ))}
    </ul>
  );
}

function ActiveToggle({ property }: { property: AdminPropertyJson }) {
  const toggle = useToggleProperty();
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={property.isActive}
        disabled={toggle.isPending}
        onCheckedChange={() => toggle.mutate(property.id)}
        aria-label={`${property.title} is active`}
      />
      <Badge variant={property.isActive ? 'success' : 'muted'}>{property.isActive ? 'Active' : 'Inactive'}</Badge>
      {toggle.isPending && <Spinner size="sm" label="Saving" />}
    </div>
  );
}
