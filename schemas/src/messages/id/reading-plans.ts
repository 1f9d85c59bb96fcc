/** Pembacaan meter manual dan rencana pembacaan keliling, dalam bahasa Indonesia. */
export const readingPlans = {
  manualReading: {
    title: 'Pembacaan manual',
    new: 'Masukkan pembacaan',
    meterNo: 'Nomor meter',
    total: 'Angka meter (m³)',
    readAt: 'Dibaca pada',
    readAtHint: 'Kosongkan untuk sekarang',
    reset: 'Angka meter mulai dari awal (meter baru atau direset)',
    photo: 'Foto angka meter',
    addPhoto: 'Tambah foto (png atau jpg, maksimal 5 MB)',
    remark: 'Catatan',
    save: 'Simpan pembacaan',
    saved: 'Pembacaan disimpan',
    createBy: 'Dimasukkan oleh',
    createTime: 'Dimasukkan',
    empty: 'Belum ada pembacaan manual',
    total_one: '{{count}} pembacaan',
    total_other: '{{count}} pembacaan',
    yes: 'Ya',
  },
  validation: {
    manualReading: {
      total: 'Angka meter adalah bilangan dari 0 sampai 99.999.999,999 m³',
      remark: 'Maksimal 100 karakter',
    },
  },
  error: {
    manualReading: {
      meterUnknown: 'Meter tidak ada',
      future: 'Pembacaan tidak boleh setelah waktu sekarang',
      duplicate: 'Meter sudah memiliki pembacaan pada waktu ini',
      belowLast:
        'Angka meter di bawah pembacaan terakhir ({{last}} m³ pada {{time}}); tandai sebagai reset jika angka meter mulai dari awal',
      aboveNext: 'Angka meter di atas pembacaan sesudahnya ({{next}} m³ pada {{time}})',
    },
  },
};
