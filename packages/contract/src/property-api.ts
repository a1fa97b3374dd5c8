import { lookupQuery, noInput } from './common.ts';
import { messageAnswer } from './answers.ts';
import { declareCalls } from './calls.ts';
import {
  agentOptionsAnswer,
  openPropertyLimitAnswer,
  propertyByIdAnswer,
  propertyListQuery,
  propertyPageAnswer,
} from './property-answers.ts';
import {
  mediaDefaultRequest,
  mediaImageRequest,
  mediaOrderRequest,
  propertyAmenitiesAnswer,
  propertyAmenitiesRequest,
  propertyMediaAnswer,
  saveMediaRequest,
  savePropertyAmenitiesRequest,
} from './property-media.ts';
import {
  propertyByIdRequest,
  propertyIdRequest,
  savePropertyRequest,
  updatePropertyRequest,
} from './properties.ts';

/** The listing (property) calls, their media and amenities, and the agents a listing may name. */
export const propertyApi = declareCalls({
  allproperty: { method: 'GET', input: propertyListQuery, response: propertyPageAnswer },
  GetPropertyById: { method: 'GET', input: propertyByIdRequest, response: propertyByIdAnswer },
  saveproperty: { method: 'POST', input: savePropertyRequest, response: messageAnswer },
  updateproperty: { method: 'POST', input: updatePropertyRequest, response: messageAnswer },
  deleteproperty: { method: 'POST', input: propertyIdRequest, response: messageAnswer },
  /** The caller's open listings and open property limit (not in the old API). */
  GetOpenPropertyLimit: { method: 'GET', input: noInput, response: openPropertyLimitAnswer },
  /** Active Agents and Owner-Agents, searched (lookupQuery). */
  allagents: { method: 'GET', input: lookupQuery, response: agentOptionsAnswer },
  /** The active agents of the caller's own agency. */
  GetAssociatedAgencyAgents: { method: 'GET', input: noInput, response: agentOptionsAnswer },

  /** Media answers under `resultdata` (lower-case d). */
  showallimagesvideo: { method: 'GET', input: propertyIdRequest, response: propertyMediaAnswer },
  /** An image (multipart, file `images_video`) or a video link (JSON). */
  saveimagesupload: { method: 'POST', input: saveMediaRequest, response: messageAnswer },
  deletepropertyimages: { method: 'POST', input: mediaImageRequest, response: messageAnswer },
  propertyimagesisDefault: { method: 'POST', input: mediaDefaultRequest, response: messageAnswer },
  /** The listing's images in a new order, the first the default (not in the old API; decision 47). */
  reorderPropertyImages: { method: 'POST', input: mediaOrderRequest, response: messageAnswer },
  getSelectedPropertyAmenities: {
    method: 'GET',
    input: propertyAmenitiesRequest,
    response: propertyAmenitiesAnswer,
  },
  savePropertyMappingAmenities: {
    method: 'POST',
    input: savePropertyAmenitiesRequest,
    response: messageAnswer,
  },
});
