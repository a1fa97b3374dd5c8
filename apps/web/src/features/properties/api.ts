import { propertyApi } from '@app/contract';
import { HOME } from '../../lib/paths.ts';

/** The property screens' paths: the form edits `?id=`, the media page takes `?propertyId=`. */
export const PROPERTY_LIST_PATH = `${HOME}/Property/property-list`;
export const propertyFormPath = (id?: number) => `${HOME}/Property/add-property${id ? `?id=${id}` : ''}`;
export const propertyMediaPath = (id: number) => `${HOME}/Property/add-property-image?propertyId=${id}`;

/** What a change of a listing reloads: the listing's cards and the record its form and media page read. */
export const PROPERTY_RELOADS = [propertyApi.allproperty, propertyApi.GetPropertyById];
/** What a change of a listing's media reloads: its media and the cards (their image). */
export const MEDIA_RELOADS = [propertyApi.showallimagesvideo, propertyApi.allproperty];
