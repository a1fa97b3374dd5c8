import { HOME } from '../../lib/paths.ts';
import { RECORD_PAGES } from '../../lib/record-pages.ts';

/** The property screens' paths: the form edits `?id=`, the media page takes `?propertyId=`. */
export { PROPERTY_LIST_PATH } from '../../lib/paths.ts';
export const propertyFormPath = (id?: number) =>
  id ? RECORD_PAGES.listing.path(id) : `${HOME}/Property/add-property`;
export const propertyMediaPath = (id: number) => `${HOME}/Property/add-property-image?propertyId=${id}`;
