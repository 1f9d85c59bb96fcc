/** 人工抄表与走抄计划（简体中文）。 */
export const readingPlans = {
  manualReading: {
    title: '人工抄表',
    new: '录入读数',
    meterNo: '表号',
    total: '表读数 (m³)',
    readAt: '抄表时间',
    readAtHint: '留空表示现在',
    reset: '表读数已重新计数（新表或清零）',
    photo: '表盘照片',
    addPhoto: '添加照片（png 或 jpg，最大 5 MB）',
    remark: '备注',
    save: '保存读数',
    saved: '读数已保存',
    createBy: '录入人',
    createTime: '录入时间',
    empty: '暂无人工抄表记录',
    total_one: '{{count}} 条读数',
    total_other: '{{count}} 条读数',
    yes: '是',
  },
  validation: {
    manualReading: {
      total: '表读数须为 0 至 99,999,999.999 m³ 之间的数字',
      remark: '最多 100 个字符',
    },
  },
  error: {
    manualReading: {
      meterUnknown: '表不存在',
      future: '抄表时间不能晚于现在',
      duplicate: '该表在此时间已有读数',
      belowLast: '表读数低于上次读数（{{time}} 的 {{last}} m³）；如表已重新计数，请标记为清零',
      aboveNext: '表读数高于之后的读数（{{time}} 的 {{next}} m³）',
    },
  },
};
