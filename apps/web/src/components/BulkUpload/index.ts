export { BulkUpload, type BulkUploadProps, UPLOAD_NOT_SUPPORTED } from './BulkUpload';
export { checkCsvFile, csvTemplate, summarizeUpload, type UploadSummary } from './bulkUploadResult';
