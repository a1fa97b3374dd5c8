import { HOME } from '../../lib/paths.ts';

/** The property screens' paths: the form edits `?id=`, the media page takes `?propertyId=`. */
export { PROPERTY_LIST_PATH } from '../../lib/paths.ts';
export const propertyFormPath = (id?: number) => `${HOME}/Property/add-property${id ? `?id=${id}` : ''}`;
export const propertyMediaPath = (id: number) => `${HOME}/Property/add-property-image?propertyId=${id}`;
