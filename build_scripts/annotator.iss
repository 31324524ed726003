; Inno Setup script for the Windows installer of Caption Rating Annotator.
; Built by build_scripts\build_windows.ps1 after PyInstaller has made dist\annotator\:
;   ISCC.exe /DAppVersion=0.1.0 build_scripts\annotator.iss
; Installs per user by default (no administrator needed on a lab laptop), adds a Start-menu
; shortcut and an uninstaller (Settings → Apps, or the Start-menu entry). Uninstalling
; removes the program only: session files live in the project folders and are never touched.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "Caption Rating Annotator"
#define AppExe "annotator.exe"

[Setup]
; AppId identifies the app for upgrades and uninstall: never change it.
AppId={{5E0C6F0B-6C2D-4B8E-9A47-3F1D2C7B9E41}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Caption Rating Annotator authors
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile=..\LICENSE
SetupIconFile=..\resources\icons\annotator.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir=..\dist\installer
OutputBaseFilename=CaptionRatingAnnotator-{#AppVersion}-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\dist\annotator\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
