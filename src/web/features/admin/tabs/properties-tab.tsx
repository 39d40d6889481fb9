import { PropertiesSection } from '../properties/properties-section';
import type { AdminTabProps } from './tab-props';

export function PropertiesTab({ search }: AdminTabProps) {
  return <PropertiesSection search={search} />;
}
