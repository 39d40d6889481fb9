import { Badge } from '../../../components/ui/badge';
import { BuildingIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { CardTitle, NameCell } from '../list-parts';
import { AdminList, type AdminColumn } from '../admin-list';
import type { FilterControl } from '../list-filters';
import { formatCount, formatDate, humanize } from '../format';
import { useToggleProperty } from './mutations';
import { adminPropertiesQuery } from './queries';
import { PROPERTY_SORTS, PROPERTY_STATES, type PropertyFilters } from './types';
import { TimelineLinkTo } from '../timeline/timeline-link';
import type { AdminPropertyJson } from '../../../../contract/listings/listings';

const FILTERS: ReadonlyArray<FilterControl<PropertyFilters>> = [
  { key: 'active', label: 'Status', options: PROPERTY_STATES, anyLabel: 'Active and inactive' },
  { key: 'sort', label: 'Order', options: PROPERTY_SORTS, fallback: 'newest' },
];

const COLUMNS: ReadonlyArray<AdminColumn<AdminPropertyJson>> = [
  {
    head: 'Property',
    cellClassName: 'max-w-72',
    cell: (property) => (
      <NameCell name={property.title} detail={property.location} title={property.title}>
        <TimelineLinkTo kind="listing" id={property.id} name={property.title} />
      </NameCell>
    ),
  },
  {
    head: 'Owner',
    cellClassName: 'max-w-56',
    cell: (property) => <NameCell plain name={property.ownerName ?? '—'} detail={property.ownerEmail ?? ''} />,
  },
  {
    head: 'Type',
    className: 'hidden lg:table-cell',
    cellClassName: 'hidden whitespace-nowrap lg:table-cell',
    cell: (property) => `${humanize(property.propertyType)} · ${property.bedrooms} bd · ${property.bathrooms} ba`,
  },
  { head: 'Bids', className: 'text-right', cellClassName: 'text-right font-medium tabular-nums', cell: (property) => formatCount(property.bidCount) },
  {
    head: 'Bidding ends',
    className: 'hidden lg:table-cell',
    cellClassName: 'hidden whitespace-nowrap text-muted-foreground lg:table-cell',
    cell: (property) => formatDate(property.biddingEndsAt),
  },
  { head: 'Status', cell: (property) => <ActiveToggle property={property} /> },
];

/** The Properties tab: every listing, a page at a time, searched by title, location or owner, with the Active/Inactive toggle. */
export function PropertiesSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: PropertyFilters; onFiltersChange?: (next: PropertyFilters) => void }) {
  const filtered = search !== '' || filters.active !== undefined;
  return (
    <AdminList
      title="Properties" intro="Every listing, active or not" noun={{ one: 'property', many: 'properties' }}
      query={adminPropertiesQuery(search, filters)} search={search}
      filters={{ value: filters, onChange: onFiltersChange, controls: FILTERS }}
      empty={{ icon: <BuildingIcon />, title: filtered ? 'No properties match your search' : 'No properties yet',
        description: !filtered ? 'Listed properties appear here, where they can be activated or deactivated.' : search === '' ? 'No property matches these filters.' : `No title, location or owner matches “${search}”${filters.active === undefined ? '' : ' with this status'}.` }}
      columns={COLUMNS}
      cardClassName="grid gap-3"
      card={(property) => (
        <>
          <CardTitle name={property.title} detail={property.location}>
            <TimelineLinkTo kind="listing" id={property.id} name={property.title} />
          </CardTitle>
          <p className="truncate text-xs text-muted-foreground">
            {property.ownerName ?? '—'} · {formatCount(property.bidCount)} {property.bidCount === 1 ? 'bid' : 'bids'} · ends{' '}
            {formatDate(property.biddingEndsAt)}
          </p>
          <ActiveToggle property={property} />
        </>
      )}
    />
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
