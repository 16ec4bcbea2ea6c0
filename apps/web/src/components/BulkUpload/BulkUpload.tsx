import { ZBulkUploadResult } from '@lockerops/contract';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall, type ListCalls } from '../../api/client';
import { ApiError, formatApiError } from '../../api/errors';
import { saveBlob } from '../../api/useExport';
import { translateMessage } from '../../i18n/messages';
import { checkCsvFile, csvTemplate, summarizeUpload, type UploadSummary } from './bulkUploadResult';

export interface BulkUploadProps {
  /** the area's calls (e.g. `endpoints.sizes`); the file goes to its `upload` */
  endpoint: ListCalls;
  /** the area's CSV headers, for the template (e.g. SIZE_CSV_HEADERS) */
  headers: readonly string[];
  /** file name of the template; default `<list path>_template.csv` */
  templateName?: string;
  /** offers "Validate only" (`dry_run=true`: rows are checked, nothing is saved) */
  allowDryRun?: boolean;
  /** invalidated after an upload that saved rows (the list refreshes) */
  invalidateKey?: QueryKey;
  /** called after an upload that saved at least one row */
  onUploaded?: (saved: number) => void;
}

type Shown = { summary: UploadSummary; dryRun: boolean } | { message: string };

/**
 * The "Bulk Upload" tab of create dialogs (admin only; spec operational §2 CSV bulk upload, §5, §8):
 * a .csv picker, "Download template" (the header row), optional "Validate only", and the per-row
 * answer of `POST {endpoint}/csv` (multipart `file`, `dry_run`) shown with the spec's texts. The file
 * is read locally first: unreadable files and more than 500 rows never reach the server.
 */
export function BulkUpload({
  endpoint,
  headers,
  templateName,
  allowDryRun = false,
  invalidateKey,
  onUploaded,
}: BulkUploadProps) {
  const inputId = useId();
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();

  const upload = useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const check = await checkCsvFile(file);
      if (!check.ok) return { message: check.message, saved: 0 };
      const body = new FormData();
      body.append('file', file);
      if (dryRun) body.append('dry_run', 'true');
      if (!endpoint.upload) throw new ApiError(404, null);
      const rows = await apiCall(endpoint.upload, { body, schema: ZBulkUploadResult });
      return { summary: summarizeUpload(rows), dryRun, saved: rows.filter((r) => r.detail === true).length };
    },
    onSuccess: (res) => {
      setShown(res);
      if ('summary' in res && res.summary && !res.dryRun && res.saved > 0) {
        if (invalidateKey) void queryClient.invalidateQueries({ queryKey: invalidateKey });
        if (res.summary.kind === 'ok')
          enqueueSnackbar(translateMessage(res.summary.headlines[0] ?? ''), { variant: 'success' });
        onUploaded?.(res.saved);
      }
    },
    onError: (e) =>
      setShown({
        // §8 'Error uploading CSV: This entity is not supported yet.' for an entity the server does not know
        message: e instanceof ApiError && e.status === 404 ? t('bulk.uploadNotSupported') : formatApiError(e),
      }),
  });

  const downloadTemplate = () =>
    saveBlob(
      new Blob([csvTemplate(headers)], { type: 'text/csv;charset=utf-8' }),
      templateName ?? `${endpoint.list.path.slice(1)}_template.csv`,
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('bulk.intro', { columns: headers.join(', ') })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="bulk-upload-file"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setShown(null);
            e.target.value = '';
          }}
        />
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlined />}>
          {t('bulk.chooseFile')}
        </Button>
        <Typography variant="body2">{file ? file.name : t('bulk.noFile')}</Typography>
        <Button startIcon={<FileDownloadOutlined />} onClick={downloadTemplate} sx={{ ml: 'auto' }}>
          {t('bulk.template')}
        </Button>
      </Box>
      {allowDryRun ? (
        <FormControlLabel
          control={<Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />}
          label={t('bulk.validateOnly')}
        />
      ) : null}
      {shown ? <UploadResult shown={shown} /> : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          disabled={!file || upload.isPending}
          onClick={() => file && upload.mutate({ file, dryRun })}
        >
          {upload.isPending ? t('bulk.uploading') : t('button.upload')}
        </Button>
      </Box>
    </Box>
  );
}

function UploadResult({ shown }: { shown: Shown }) {
  const { t } = useTranslation();
  if ('message' in shown) return <Alert severity="error">{translateMessage(shown.message)}</Alert>;
  const { summary, dryRun } = shown;
  const severity = summary.kind === 'ok' ? 'success' : summary.kind === 'failed' ? 'error' : 'warning';
  return (
    <Alert severity={severity} data-testid="bulk-upload-result">
      {dryRun ? <Typography variant="body2">{t('bulk.validationOnly')}</Typography> : null}
      {summary.headlines.map((h) => (
        <Typography key={h} variant="body2" sx={{ fontWeight: 600 }}>
          {translateMessage(h)}
        </Typography>
      ))}
      {summary.rowErrors.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 200, overflow: 'auto' }}>
          {summary.rowErrors.map((text) => (
            <li key={text}>
              <Typography variant="body2">{translateMessage(text)}</Typography>
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
