import { BidsSection } from '../bids/bids-section';

export function BidsTab() {
  return <BidsSection />;
}
