/** A whitespace-separated list of names. */
export const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Every call named in /work/shared/spec/1-users-sellers-properties.md §7 and
 * /work/shared/spec/2-masters-agencies-brokers-reports.md §7, each once (a name both documents give is
 * listed under the first). Extracted by hand from those sections, in their order.
 */
export const SPEC_CALLS = [
  // Spec 1 §7: Auth, Account.
  ...words(`webValidateLogin webLogout webGetLoggedUserDetailsWithRolesPermission forget_password
    webGetAccountDetails change_password unreadNotifications SaveUser UpdateProfile`),
  // Spec 1 §7: Users and their lookups.
  ...words(`GetUser GetNewUser changeUserStatus WebVerifyOTP deleteUser UpdateUser
    GetProvinceWithoutPagination GetTownWithoutPagination GetBarangayWithoutPagination
    GetSubdivisionWithoutPagination GetUserSkillWithoutPagination webGetRolesWithoutPagination
    GetAgencyWithoutPagination GetBrokerWithoutPagination GetAssociatedAgencyAddressWithoutPagination`),
  // Spec 1 §7: Sellers, Reports.
  ...words(`GetSeller deleteSeller getSellerById saveSeller updateSeller getSellerReports
    getIndividualsReport GetSellerWithoutPagination getOpenPendingPropertyReport getSoldRentReport`),
  // Spec 1 §7: Properties.
  ...words(`allproperty deleteproperty allagents GetAssociatedAgencyAgents
    GetPropertyClassificationWithoutPagination GetPropertyTypeWithoutPagination
    GetProductCategoryWithoutPagination GetAgriTypeWithoutPagination GetSpecializationWithoutPagination
    GetCapabilityWithoutPagination GetDwellingWithoutPagination saveproperty updateproperty`),
  // Spec 1 §7: Media and amenities.
  ...words(`showallimagesvideo saveimagesupload deletepropertyimages propertyimagesisDefault
    GetMasterAmenitiesWithoutPagination getSelectedPropertyAmenities savePropertyMappingAmenities`),
  // Spec 2 §7: Paged lists (GET) and default sort.
  ...words(`webGetRoles GetProvince GetTown GetBarangay GetSubdivision GetProductMode GetPropertyType
    GetCapability GetAgriType GetPropertyClassification GetZonningCode GetSpecialization GetUserSkills
    GetProductCategory getagency getbroker GetBrokers getbrokerassociation getNotification GetUserAgents
    GetBrokerAssociations GetAgentsBasedAgency GetAgencies GetUserReport getBrokerLinkedAssociationReport
    GetUserToActivated getListOfAttachments getPropertyBrokerReport getCountOfPropertiesReport
    getPropertyTrackingReport`),
  // Spec 2 §7: Master saves.
  ...words(`webSaveRole webUpdateRole webUpdateRoles webDeleteRoles
    SaveProvince UpdateProvince DeleteProvince provinceExist SaveTown UpdateTown DeleteTown
    SaveBarangay UpdateBarangay DeleteBarangay SaveSubdivision UpdateSubdivision DeleteSubdivision
    SaveProductMode UpdateProductMode DeleteProductMode SavePropertyType UpdatePropertyType DeletePropertyType
    SavePropertyClassification UpdatePropertyClassification DeletePropertyClassification
    SaveZonningCode UpdateZonningCode DeleteZonningCode SaveUserSkills UpdateUserSkills DeleteUserSkills
    SaveSpecialization UpdateSpecialization DeleteSpecialization SaveCapability UpdateCapability DeleteCapability
    SaveAgriType UpdateAgriType DeleteAgriType SaveProductCategory UpdateProductCategory DeleteProductCategory`),
  // Spec 2 §7: Lookups not named in spec 1.
  ...words(`GetAdjacentTownWithoutPagination GetBarangayForSubdivisionWithoutPagination
    GetAdjacentSubdivisionWithoutPagination GetAdjacentBarangayWithoutPagination
    GetBrokerAssociationWithoutPagination`),
  // Spec 2 §7: Agencies, brokers, associations.
  ...words(`GetAgencyById saveagency updateagency getBrokerAssociationById getBrokerById
    savebrokerassociation updatebrokerassociation savebroker updatebroker`),
  // Spec 2 §7: Permissions, Notifications (the others of these sections are named above).
  ...words(
    `getAssignedUnAssignedPermission webAssignPermissionRoleWise deleteNotification setNotificationStatus`,
  ),
];
