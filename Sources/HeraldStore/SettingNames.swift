/// Rows of the `settings` table the stores keep for themselves (the
/// shared settings are named by their callers).
enum SettingNames {
    /// `QuietHoursStore.quietChoicesStamp`: counts changes of anyone's quiet
    /// hours and snoozes.
    static let quietChoicesStamp = "quiet_choices_stamp"
}
