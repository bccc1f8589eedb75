// A Pulumi package for the cloud-migration service, API v1alpha1: import jobs and the import data files inside them, with signed upload addresses. Preview: v1alpha1 is deprecated and may change or be withdrawn without notice.
package cloudnative
