import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { documentTypeLabels } from './document-types';
import { formatDateTime } from '../format';
import type { AdminLegalDocument, LegalDocumentBody, SavedLegalDocument } from './types';

// SPEC §8 "Legal": the failure titles are the catalogue's; the server's message is the description.
async function refreshDocuments(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminLegalDocuments }),
    // The public pages and the registration form in this tab read the active versions too.
    queryClient.invalidateQueries({ queryKey: queryKeys.legalDocuments }),
  ]);
}

export function useCreateLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalDocumentBody) => apiRequest<AdminLegalDocument>('POST', '/api/admin/legal-documents', body),
    onSuccess: async (document) => {
      toast({ title: 'Document created', description: `${document.title}, version ${document.version}. Activate it to publish it.` });
      await refreshDocuments(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to create document', description: readErrorMessage(error) });
    },
  });
}

export function useUpdateLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LegalDocumentBody }) =>
      apiRequest<SavedLegalDocument>('PUT', `/api/admin/legal-documents/${id}`, body),
    onSuccess: async (document) => {
      // An activated version keeps the text people accepted: the server saved the edit beside it.
      if (document.savedAsNewVersion) {
        toast({
          title: 'Saved as a new draft version',
          description: `${document.title}, version ${document.version}. The activated version is unchanged; activate this one to publish it.`,
        });
      } else {
        toast({ title: 'Document updated', description: `${document.title}, version ${document.version}.` });
      }
      await refreshDocuments(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to update document', description: readErrorMessage(error) });
    },
  });
}

export function useDeleteLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: AdminLegalDocument) => apiRequest('DELETE', `/api/admin/legal-documents/${document.id}`),
    onSuccess: async (_answer, document) => {
      toast({ title: 'Document deleted', description: `${document.title}, version ${document.version}.` });
      await refreshDocuments(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to delete document', description: readErrorMessage(error) });
    },
  });
}

export function useActivateLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: AdminLegalDocument) =>
      apiRequest<AdminLegalDocument>('POST', `/api/admin/legal-documents/${document.id}/activate`),
    onSuccess: async (document) => {
      if (document.status === 'scheduled' && document.scheduledFor !== null) {
        toast({
          title: 'Document scheduled',
          description: `Version ${document.version} becomes the active ${documentTypeLabels[document.type]} on ${formatDateTime(document.scheduledFor)}. Users are asked to accept it from then.`,
        });
      } else {
        toast({
          title: 'Document activated',
          description: `Version ${document.version} is now the active ${documentTypeLabels[document.type]}. Users are asked to accept it.`,
        });
      }
      await refreshDocuments(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to activate document', description: readErrorMessage(error) });
    },
  });
}
