export { BulkUpload, type BulkUploadProps } from './BulkUpload';
